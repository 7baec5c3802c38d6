import { readLeadSource } from '../../domain/quote/read-lead-source';
import type { QuoteDraft } from '../../domain/quote/quote';
import { submitQuote } from '../../domain/quote/submit-quote';
import type { Arrival } from '../../domain/spam/spam';
import type { Backend } from './backends/backend';

/**
 * The draft with where its visitor came from, as this page's address and referrer say as it is sent:
 * nothing is kept on their device. Loaded with the backend's client, as the form is first used.
 */
export const fromThisPage = (draft: QuoteDraft): QuoteDraft => ({ ...draft, ...readLeadSource(location.href, document.referrer) });

/** submitQuote for the form on this page. */
export const submitFromPage = (backend: Backend, draft: QuoteDraft, arrival: Arrival | undefined) => submitQuote(backend, fromThisPage(draft), arrival);
