import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { serviceArea } from '../../../domain/business';
import { renderApp } from '../../test-app.test-support';

/** Where the answer is announced: a polite live region inside the check's form. */
function liveRegionOf(form: HTMLElement): HTMLElement {
  const region = form.querySelector<HTMLElement>('[aria-live="polite"]');
  if (region === null) throw new Error('the check has no live region');
  return region;
}

async function openCheck() {
  const app = renderApp();
  const form = await screen.findByRole('form', { name: 'Do we cover you?' });
  const field = within(form).getByLabelText('Your postcode');
  const check = (typed: string) => app.user.clear(field).then(() => app.user.type(field, `${typed}{Enter}`));
  return { ...app, form, field, check };
}

test('"Where we work" names every district and its neighbourhoods from the service area', async () => {
  renderApp();
  const section = await screen.findByRole('region', { name: 'Where we work' });
  for (const { code, neighbourhoods } of serviceArea.districts) {
    expect(within(section).getByText(code)).toBeTruthy();
    expect(within(section).getByText(neighbourhoods.join(', '))).toBeTruthy();
  }
  expect(within(section).getByText(/Rotherhithe/)).toBeTruthy();
});

test('a postcode in our area is answered in place, politely, and what was typed stays', async () => {
  const { user, form, field } = await openCheck();
  await user.type(field, 'se16 4ab');
  await user.click(within(form).getByRole('button', { name: 'Check' }));

  const status = liveRegionOf(form);
  expect(status.textContent).toContain('Yes, we cover SE16.');
  expect(within(status).getByRole('link', { name: 'Ask for a free quote' }).getAttribute('href')).toBe('#quote-section');
  expect((field as HTMLInputElement).value).toBe('se16 4ab');
  expect(field.getAttribute('aria-invalid')).toBe('false');
});

test('a postcode outside our area is told softly, with the way to ask anyway', async () => {
  const { form, check } = await openCheck();
  await check('SE10 9NF');

  const status = liveRegionOf(form);
  expect(status.textContent).toBe("That's outside our usual area, but ask anyway.");
  expect(within(status).getByRole('link', { name: 'ask anyway' }).getAttribute('href')).toBe('#quote-section');
});

test('text that is not a UK postcode gets an error tied to the field, which takes the focus', async () => {
  const { form, field, check } = await openCheck();
  await check('London');

  expect(field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = field.getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(describedBy)?.textContent).toBe('Enter your postcode as a UK postcode, like SE1 7PB');
  expect(document.activeElement).toBe(field);
  expect(liveRegionOf(form).textContent).toBe('');

  // Put right, the error goes and the answer comes.
  await check('SE1 7PB');
  expect(field.getAttribute('aria-invalid')).toBe('false');
  expect(liveRegionOf(form).textContent).toContain('Yes, we cover SE1.');
});

test('without scripts the check is a plain GET form to the home page, opening at its answer', async () => {
  const { form, field } = await openCheck();
  expect(form.getAttribute('method')).toBe('get');
  expect(form.getAttribute('action')).toBe('/#cover');
  expect(field.getAttribute('name')).toBe('postcode');
  expect(document.getElementById('cover')?.contains(form)).toBe(true);
});
