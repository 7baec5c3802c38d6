import { createStore } from 'zustand/vanilla';
import { copy } from '../../../domain/copy';
import { describeField, emptyDraft, type QuoteDraft, type QuoteField, remarkedFields } from '../../../domain/quote';
import type { QuoteError } from '../../../domain/quote-errors';
import { missingFieldMessages } from '../../../domain/quote-schema';
import type { SubmitQuoteResult } from '../../../domain/submit-quote';
import { type ToastContent, type ToastStore, toastSlot } from './toast-store';

export type FieldErrors = Partial<Record<QuoteField, string>>;

interface QuoteFormState {
  draft: QuoteDraft;
  errors: FieldErrors;
  submitting: boolean;
  /** Sets a field as the visitor typed or ticked it, and clears what was said to be wrong with it. */
  setField: <Field extends QuoteField>(field: Field, value: QuoteDraft[Field]) => void;
  /** Sends the draft; resolves true when it was accepted. */
  submit: () => Promise<boolean>;
}

export interface QuoteFormDeps {
  submitQuote: (draft: QuoteDraft) => Promise<SubmitQuoteResult>;
  toasts: ToastStore;
  /** A plain HTML post the server rendered the page for failed: what was typed, and why. */
  restored?: RestoredForm | undefined;
}

interface RestoredForm {
  draft: QuoteDraft;
  error: QuoteError;
}

/** The spec's thanks, and one honest sentence for each value that earned a word (a postcode outside our area). */
function thanks(remarks: readonly QuoteField[]): ToastContent {
  const sentences = remarks.flatMap((field) => describeField(field).remark?.visitor ?? []);
  const { title, description } = copy.toasts.submitted;
  return { title, description: [description, ...sentences].join(' ') };
}

/** The toasts of the quote form carry this source, so each new one replaces the last. */
const quoteFormToasts = 'quote-form';

function toastFor(error: QuoteError): ToastContent | undefined {
  if (error.kind === 'missing-fields') return { ...copy.toasts.missingInformation, variant: 'destructive' };
  if (error.kind === 'storage-failure') return { ...copy.toasts.submissionFailed, variant: 'destructive' };
  if (error.kind === 'rate-limited') return { ...copy.toasts.rateLimited(error.retryAfterSeconds), variant: 'destructive' };
  return undefined;
}

/**
 * The toast a server-rendered page opens with, after a plain HTML post: what went wrong with it, or
 * that it was received.
 */
export function openingToast(outcome: { restored?: RestoredForm | undefined; submitted?: boolean | undefined; remarks?: readonly QuoteField[] | undefined }) {
  const toast = outcome.restored ? toastFor(outcome.restored.error) : outcome.submitted ? thanks(outcome.remarks ?? []) : undefined;
  return toast && { ...toast, source: quoteFormToasts };
}

function fieldErrorsOf(error: QuoteError): FieldErrors {
  switch (error.kind) {
    case 'missing-fields':
      return Object.fromEntries(error.fields.map((field) => [field, missingFieldMessages[field]]));
    case 'invalid-fields':
      return Object.fromEntries(error.issues.map(({ field, message }) => [field, message]));
    case 'storage-failure':
    case 'rate-limited':
      return {};
  }
}

/** The quote form: what the visitor typed, what is wrong with it, and sending it. */
export function createQuoteFormStore({ submitQuote, toasts, restored }: QuoteFormDeps) {
  const toast = toastSlot(toasts, quoteFormToasts);
  return createStore<QuoteFormState>()((set, get) => ({
    // On any failure every typed value stays where it was.
    draft: restored ? { ...restored.draft } : { ...emptyDraft },
    errors: restored ? fieldErrorsOf(restored.error) : {},
    submitting: false,
    setField: (field, value) =>
      set(({ draft, errors }) => ({ draft: { ...draft, [field]: value }, errors: { ...errors, [field]: undefined } })),
    submit: async () => {
      if (get().submitting) return false;
      set({ submitting: true });
      toast.clear();
      let result: SubmitQuoteResult;
      try {
        result = await submitQuote(get().draft);
      } catch (unexpected) {
        // A fault in our own code: the visitor still hears that it failed, and can try again.
        set({ submitting: false });
        toast.show({ ...copy.toasts.submissionFailed, variant: 'destructive' });
        throw unexpected;
      }
      if (result.ok) {
        set({ draft: { ...emptyDraft }, errors: {}, submitting: false });
        toast.show(thanks(remarkedFields(result.quote)));
        return true;
      }
      set({ errors: fieldErrorsOf(result.error), submitting: false });
      const failure = toastFor(result.error);
      if (failure) toast.show(failure);
      return false;
    },
  }));
}

export type QuoteFormStore = ReturnType<typeof createQuoteFormStore>;
