import { expect, test } from 'vitest';
import { createQuoteFormStore } from './quote-form-store';
import { createToastStore } from './toast-store';

test('a fault in the submission itself is reported as a failed submission and the form can be sent again', async () => {
  const toasts = createToastStore();
  const form = createQuoteFormStore({ submitQuote: () => Promise.reject(new Error('bug')), toasts });
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
    toasts: createToastStore(),
  });

  void form.getState().submit();
  expect(await form.getState().submit()).toBe(false);
  expect(calls).toBe(1);
});
