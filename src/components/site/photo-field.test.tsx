import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { sampleDraft } from '../../../fixtures/sample-request.test-support';
import { AppContextProvider } from '../../app/app-context-provider';
import { loadedBackend } from '../../app/backends/backend';
import { createSiteContext, portsOnFirstUse } from '../../app/site-context';
import { createQuoteFormStore } from '../../app/stores/quote-form-store';
import { testBackend } from '../../test-app.test-support';
import { QuoteForm } from './quote-form';

function renderCameBack(photos?: { sent: number; error: string | null }) {
  const backend = loadedBackend(testBackend(), { quoteFormAction: '/api/quote-requests' });
  const form = { draft: sampleDraft({ name: '' }), error: { kind: 'missing-fields', fields: ['name'] } } as const;
  const site = createSiteContext(backend, portsOnFirstUse(backend), { form: { ...form, error: { ...form.error, fields: ['name'] } } });
  // What the server tells the page of the photos the post sent (adapters/http-api/page-state.ts).
  const quoteForm = createQuoteFormStore({
    submitQuote: () => Promise.reject(new Error('not sent in this test')),
    submitWithPhotos: () => Promise.reject(new Error('not sent in this test')),
    readGasReport: () => Promise.resolve(null),
    toasts: site.toasts,
    restored: { draft: form.draft, error: { ...form.error, fields: ['name'] }, ...(photos ? { photos } : {}) },
  });
  const context = { ...site, quoteForm };
  render(
    <AppContextProvider value={context}>
      <QuoteForm labelledBy="quote-title" />
    </AppContextProvider>,
  );
  return screen.getByLabelText('Photos (optional)');
}

test('when a plain post comes back with errors, the field says its files were not kept', () => {
  const photos = renderCameBack();

  const notice = screen.getByText('Photos cannot be kept when the form comes back: please choose them again.');
  expect(photos.getAttribute('aria-describedby')?.split(' ')).toContain(notice.id);
});

test('a photo the server refused on a plain post is named beside the field', () => {
  const message = 'Photos: notes.txt is not a photo we can read. Send a JPEG, PNG, WebP or HEIC image';
  const photos = renderCameBack({ sent: 1, error: message });

  expect(screen.getByText(message).id).toBe('quote-photos-error');
  expect(photos.getAttribute('aria-invalid')).toBe('true');
});
