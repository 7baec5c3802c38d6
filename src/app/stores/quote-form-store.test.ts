import { expect, test } from 'vitest';
import { createQuoteFormStore } from './quote-form-store';
import { createToastStore } from './toast-store';
import { gasReportOf } from '../../../domain/safety/gas-report';

const noPhotosExpected = () => Promise.reject(new Error('no photos were chosen'));
const readGasReport = (description: string) => Promise.resolve(gasReportOf(description));

test('a fault in the submission itself is reported as a failed submission and the form can be sent again', async () => {
  const toasts = createToastStore();
  const form = createQuoteFormStore({ submitQuote: () => Promise.reject(new Error('bug')), submitWithPhotos: noPhotosExpected, readGasReport, toasts });
  form.getState().setField('name', 'Sam Carter');

  await expect(form.getState().submit()).rejects.toThrow('bug');

  expect(form.getState().submitting).toBe(false);
  expect(form.getState().draft.name).toBe('Sam Carter');
  expect(toasts.getState().toasts.map(({ title, variant }) => [title, variant])).toEqual([
    ['Submission Failed', 'destructive'],
  ]);
});

test('a second submit while the first is on its way sends nothing more', async () => {
  let calls = 0;
  const form = createQuoteFormStore({
    submitQuote: () => {
      calls += 1;
      return new Promise(() => undefined);
    },
    submitWithPhotos: noPhotosExpected,
    readGasReport,
    toasts: createToastStore(),
  });

  void form.getState().submit();
  expect(await form.getState().submit()).toBe(false);
  expect(calls).toBe(1);
});

test('with photos chosen the request goes with them, its progress shown while it goes, and a refused photo is named beside the field', async () => {
  const seen: number[] = [];
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'boiler.jpg', { type: 'image/jpeg' });
  const form = createQuoteFormStore({
    submitQuote: () => Promise.reject(new Error('photos were chosen')),
    submitWithPhotos: (_draft, photos, onProgress) => {
      onProgress(0.5);
      seen.push(form.getState().progress ?? -1);
      return Promise.resolve({ ok: false, error: { kind: 'photo-refused', photo: { kind: 'cannot-decode', file: photos[0]?.name ?? '' } } });
    },
    readGasReport,
    toasts: createToastStore(),
  });
  form.getState().setPhotos([photo]);

  expect(await form.getState().submit()).toBe(false);

  expect(seen).toEqual([0.5]);
  expect(form.getState().progress).toBeNull();
  expect(form.getState().photos).toEqual([photo]);
  expect(form.getState().photoError).toMatch(/^Photos: we cannot open boiler\.jpg/);
});
