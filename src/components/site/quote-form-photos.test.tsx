import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { photoLimits } from '../../../domain/photos/photos';
import type { ChosenPhoto, QuoteWithPhotosSender } from '../../../domain/ports/photos';
import type { NewlyStored } from '../../../domain/ports/quote-repository';
import type { NewQuote } from '../../../domain/quote/quote';
import { ObjectUrlPhotoLinks } from '../../../adapters/memory/object-url-photo-links.test-support';
import { renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const jpegBytes = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const heicBytes = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0];
const photo = (name: string, { type = 'image/jpeg', bytes = jpegBytes }: { type?: string; bytes?: number[] } = {}) =>
  new File([new Uint8Array(bytes)], name, { type });

async function openForm(backend = testBackend()) {
  const app = renderApp({ backend });
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  const photos = within(form).getByLabelText('Photos (optional)');
  if (!(photos instanceof HTMLInputElement)) throw new Error('the photos field is not an input');
  const field = (name: string) => within(form).getByLabelText(name, { exact: false });
  const fillRequired = async () => {
    await app.user.type(field('Full name'), 'Sam Carter');
    await app.user.type(field('Phone number'), '07700 900111');
    await app.user.selectOptions(field('Service type'), 'Heating Services');
  };
  const thumbnails = () => within(form).queryAllByRole('listitem').filter((item) => item.closest('[aria-label="Chosen photos"]'));
  return { ...app, form, photos, field, fillRequired, thumbnails };
}

test('the field takes photos as a plain post would: a multipart form, its name, several files and the image types', async () => {
  const { form, photos } = await openForm();
  expect(form.getAttribute('enctype')).toBe('multipart/form-data');
  expect(photos.type).toBe('file');
  expect(photos.name).toBe('photos');
  expect(photos.multiple).toBe(true);
  expect(photos.accept).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif');
  expect(within(form).getByText('Up to 5 photos of the job, 10 MB each: JPEG, PNG, WebP or HEIC.')).toBeTruthy();
  expect(within(form).queryByText(/Photos cannot be kept/)).toBeNull();
});

test('chosen photos show as thumbnails, each with a Remove button that names it, and one can be removed', async () => {
  const { user, form, photos, thumbnails } = await openForm();

  await user.upload(photos, [photo('boiler.jpg'), photo('leak.jpg')]);

  await waitFor(() => expect(thumbnails()).toHaveLength(2));
  expect(thumbnails().map((item) => item.querySelector('img')?.getAttribute('src'))).toEqual([expect.stringMatching(/^blob:/), expect.stringMatching(/^blob:/)]);
  expect(within(form).getByText('boiler.jpg')).toBeTruthy();

  await user.click(within(form).getByRole('button', { name: 'Remove boiler.jpg' }));

  expect(thumbnails()).toHaveLength(1);
  expect(within(form).queryByText('boiler.jpg')).toBeNull();
  expect(within(form).getByRole('button', { name: 'Remove leak.jpg' })).toBeTruthy();
  expect(document.activeElement).toBe(photos);
});

test('one photo too many is refused with a message naming the field, and the first five are kept', async () => {
  const { user, photos, thumbnails } = await openForm();

  await user.upload(photos, Array.from({ length: 6 }, (_, index) => photo(`photo-${String(index + 1)}.jpg`)));

  expect(await screen.findByText('Photos: send at most 5 photos (you chose 6)')).toBeTruthy();
  expect(thumbnails()).toHaveLength(photoLimits.maxCount);
  expect(photos.getAttribute('aria-invalid')).toBe('true');
  expect(photos.getAttribute('aria-describedby')).toContain('quote-photos-error');
});

test('a file over 10 MB, or one that is not an image, is named in a message beside the field and left out', async () => {
  const { photos, thumbnails } = await openForm();
  // The picker's own filter would hide the text file; a visitor can still pick "All files".
  const user = userEvent.setup({ applyAccept: false });
  const big = photo('whole-kitchen.jpg');
  Object.defineProperty(big, 'size', { value: photoLimits.maxBytes + 1 });

  await user.upload(photos, [big, photo('fine.jpg')]);
  expect(await screen.findByText('Photos: whole-kitchen.jpg is over 10 MB. Send a smaller copy, or a screenshot of it')).toBeTruthy();
  expect(thumbnails()).toHaveLength(1);

  await user.upload(photos, [photo('notes.txt', { type: 'text/plain', bytes: [0x68, 0x69] })]);
  expect(await screen.findByText('Photos: notes.txt is not a photo we can read. Send a JPEG, PNG, WebP or HEIC image')).toBeTruthy();
  expect(thumbnails()).toHaveLength(1);
});

test('with photos chosen the request is sent with them, the progress shown while it goes; then the form empties and the inbox has them', async () => {
  const store = new InMemoryQuoteRepository();
  let release: () => void = () => undefined;
  const sent: { quote: NewQuote; photos: readonly ChosenPhoto[] }[] = [];
  // A sender that reports half way and waits, then stores as the demo's does.
  const sender: QuoteWithPhotosSender = {
    send: async (quote, chosen, onProgress): Promise<NewlyStored> => {
      sent.push({ quote, photos: chosen });
      onProgress(0.4);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      onProgress(1);
      return store.insert(quote);
    },
  };
  const { user, form, photos, fillRequired, thumbnails } = await openForm(testBackend({ store, photos: { sender, links: new ObjectUrlPhotoLinks(store) } }));
  await fillRequired();
  await user.upload(photos, [photo('boiler.jpg')]);
  await waitFor(() => expect(thumbnails()).toHaveLength(1));

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const progress = await within(form).findByRole('progressbar', { name: 'Sending your photos' });
  expect(progress.getAttribute('value')).toBe('0.4');
  expect(progress.getAttribute('aria-valuetext')).toBe('40%');
  release();

  expect(await screen.findByText('Quote Request Submitted!')).toBeTruthy();
  expect(within(form).queryByRole('progressbar')).toBeNull();
  expect(thumbnails()).toHaveLength(0);
  expect(sent.map(({ quote, photos: chosen }) => [quote.name, chosen.map(({ name }) => name)])).toEqual([['Sam Carter', ['boiler.jpg']]]);
  expect(await storedQuotes(store)).toHaveLength(1);
});

test('a request with photos is stored with them, all in one', async () => {
  const store = new InMemoryQuoteRepository();
  const { user, form, photos, fillRequired } = await openForm(testBackend({ store }));
  await fillRequired();
  await user.upload(photos, [photo('boiler.jpg'), photo('pipe.jpg')]);
  await within(form).findByRole('button', { name: 'Remove pipe.jpg' });

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  expect(await screen.findByText('Quote Request Submitted!')).toBeTruthy();
  const [stored] = await storedQuotes(store);
  expect(stored?.photos.map(({ width, height }) => [width, height])).toEqual([
    [640, 480],
    [640, 480],
  ]);
});

test('a photo the backend cannot open is named beside the field, focused, nothing is stored and everything typed stays', async () => {
  const store = new InMemoryQuoteRepository();
  const { user, form, photos, field, fillRequired, thumbnails } = await openForm(testBackend({ store }));
  await fillRequired();
  await user.upload(photos, [photo('IMG_0042.HEIC', { type: 'image/heic', bytes: heicBytes })]);
  await waitFor(() => expect(thumbnails()).toHaveLength(1));

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  expect(await within(form).findByText(/^Photos: we cannot open IMG_0042\.HEIC \(an iPhone HEIC photo, perhaps\)\. Send it as a JPEG/)).toBeTruthy();
  expect(document.activeElement).toBe(photos);
  expect(screen.queryByText('Quote Request Submitted!')).toBeNull();
  expect(await storedQuotes(store)).toEqual([]);
  expect((field('Full name') as HTMLInputElement).value).toBe('Sam Carter');
  expect(thumbnails()).toHaveLength(1);
});
