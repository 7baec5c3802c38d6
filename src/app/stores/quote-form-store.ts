import { createStore } from 'zustand/vanilla';
import { copy } from '../../../domain/copy';
import { callBackLine } from '../../../domain/quote/call-back';
import { customerLinkPath } from '../../../domain/customer-link/customer-link';
import { describeField, emptyDraft, honeypotFieldName, type QuoteDraft, type QuoteField, remarkedFields } from '../../../domain/quote/quote';
import type { QuoteError } from '../../../domain/quote/quote-errors';
import { missingFieldMessages } from '../../../domain/quote/quote-schema';
import { photoErrorMessage } from '../../../domain/photos/photos';
import type { SubmitQuoteResult } from '../../../domain/quote/submit-quote';
import type { SendQuoteWithPhotosResult } from '../../../domain/quote/send-quote-with-photos';
import { type Arrival, formTokenFieldName } from '../../../domain/spam/spam';
import type { GasReport } from '../../../domain/safety/gas-report-kind';
import type { BookingResult } from '../../../domain/reminders/customer-reminders';
import type { ServiceBooking } from '../../../domain/reminders/service-booking';
import { type ToastContent, type ToastStore, toastSlot } from './toast-store';

export type FieldErrors = Partial<Record<QuoteField, string>>;

interface QuoteFormState {
  draft: QuoteDraft;
  errors: FieldErrors;
  submitting: boolean;
  /** The photos the visitor chose (with scripts: without, the file input holds them). */
  photos: readonly File[];
  /** What is wrong with the photos, naming the field. */
  photoError: string | undefined;
  /** How much of the request and its photos has gone, 0 to 1, while they are sent; null otherwise. */
  progress: number | null;
  /** The page came back from a plain post with errors: the files chosen then are not kept. */
  cameBack: boolean;
  /** A gas smell or carbon monoxide the description reports, as the visitor types it. */
  gas: GasReport | null;
  /** A reminder's "Book my service": the customer's token, sent with the request to tie it to the one it repeats, and the visit it is for. */
  booking: FormBooking | null;
  /** The booking the page's address asked for was not found: the form stays as it was. */
  bookingNotFound: boolean;
  /** Fills the form in for the booking the page's address names (`?book=<token>`), where no server already has. */
  openBooking: (token: string) => Promise<void>;
  /** Replaces the chosen photos, and says what is wrong with them if anything is. */
  setPhotos: (photos: readonly File[], error?: string) => void;
  /** Sets a field as the visitor typed or ticked it, and clears what was said to be wrong with it. */
  setField: <Field extends QuoteField>(field: Field, value: QuoteDraft[Field]) => void;
  /** Sends the draft, with how it arrived (see {@link arrivalOf}); resolves true when it was accepted. */
  submit: (arrival?: Arrival) => Promise<boolean>;
}

export interface QuoteFormDeps {
  submitQuote: (draft: QuoteDraft, arrival: Arrival | undefined) => Promise<SubmitQuoteResult>;
  /** Sends the draft with the chosen photos in one step, reporting how much has gone. */
  submitWithPhotos: (
    draft: QuoteDraft,
    photos: readonly File[],
    onProgress: (fraction: number) => void,
    arrival: Arrival | undefined,
  ) => Promise<SendQuoteWithPhotosResult>;
  /** What the description reports (gas-report.ts): the rule is loaded when first asked, not with the page. */
  readGasReport: (description: string) => Promise<GasReport | null>;
  toasts: ToastStore;
  /** A plain HTML post the server rendered the page for failed: what was typed, and why. */
  restored?: RestoredForm | undefined;
  /** The booking the server rendered the page with: the form starts filled in with it. */
  booking?: ({ token: string } & ServiceBooking) | undefined;
  /** Asks for a booking by the customer's token, for a page no server rendered (the demo, Supabase); without it, none is found. */
  findBooking?: (token: string) => Promise<BookingResult>;
}

/** What the form keeps of a booking once it has filled its fields in. */
interface FormBooking {
  token: string;
  service: ServiceBooking['service'];
  due: string;
}

interface RestoredForm {
  draft: QuoteDraft;
  error: QuoteError;
  /** What became of the photos the post sent: why they were refused, if they were. */
  photos?: { error: string | null } | undefined;
  /** A gas smell or carbon monoxide the description the post sent reports. */
  gas?: GasReport | undefined;
}

/** The words of the link to the customer's own page of their request, under the thanks. */
const followRequestLabel = 'Follow your request';

/** When a request was received, and whether it is urgent: what the promise of a call is counted from. */
interface Received {
  createdAt: Date;
  urgent: boolean;
}

/**
 * The spec's thanks, and one honest sentence for each value that earned a word (a postcode outside
 * our area); when we will call, where we know when it was received; the gas advice again, where the
 * description reported a gas smell or carbon monoxide; with the customer's token, the link to their
 * own page of it, spam or not alike.
 */
function thanks(remarks: readonly QuoteField[], customerToken: string | undefined, received: Received | undefined, gas: GasReport | null | undefined): ToastContent {
  const sentences = remarks.flatMap((field) => describeField(field).remark?.visitor ?? []);
  const { title, description } = copy.toasts.submitted;
  const toast: ToastContent = {
    title,
    description: [description, ...sentences].join(' '),
    ...(received && { note: callBackLine(received) }),
    ...(gas && { gas }),
  };
  return customerToken === undefined ? toast : { ...toast, link: { href: customerLinkPath(customerToken), label: followRequestLabel } };
}

/**
 * How a request arrives from the form as the page holds it: whether the field only bots see holds
 * anything, and the token the page came with. `valueOf` reads a field of the form as it is in the
 * page; `pageToken` is the page's own token where no server put one in (the demo).
 */
export function arrivalOf(valueOf: (name: string) => string | undefined, pageToken: string | undefined): Arrival {
  const inPage = valueOf(formTokenFieldName) ?? '';
  const token = inPage !== '' ? inPage : (pageToken ?? '');
  return { honeypotFilled: (valueOf(honeypotFieldName) ?? '').trim() !== '', formToken: token !== '' ? token : null };
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
export function openingToast(outcome: {
  restored?: RestoredForm | undefined;
  submitted?: boolean | undefined;
  remarks?: readonly QuoteField[] | undefined;
  /** With `submitted`: the token of the customer link, for the thanks to link to. */
  customerToken?: string | undefined;
  /** With `submitted`: when the request was received, and whether urgent, for when we will call. */
  received?: Received | undefined;
  /** With `submitted`: a gas smell or carbon monoxide the description reported, for the thanks to repeat the advice. */
  gas?: GasReport | undefined;
}) {
  const toast = outcome.restored
    ? toastFor(outcome.restored.error)
    : outcome.submitted
      ? thanks(outcome.remarks ?? [], outcome.customerToken, outcome.received, outcome.gas)
      : undefined;
  return toast && { ...toast, source: quoteFormToasts };
}

function fieldErrorsOf(error: QuoteError): FieldErrors {
  switch (error.kind) {
    case 'missing-fields':
      return Object.fromEntries([
        ...(error.issues ?? []).map(({ field, message }): [QuoteField, string] => [field, message]),
        ...error.fields.map((field): [QuoteField, string] => [field, missingFieldMessages[field]]),
      ]);
    case 'invalid-fields':
      return Object.fromEntries(error.issues.map(({ field, message }) => [field, message]));
    case 'storage-failure':
    case 'rate-limited':
      return {};
  }
}

/** The quote form: what the visitor typed, what is wrong with it, and sending it. */
export function createQuoteFormStore({ submitQuote, submitWithPhotos, readGasReport, toasts, restored, booking, findBooking }: QuoteFormDeps) {
  const toast = toastSlot(toasts, quoteFormToasts);
  const untouched = (draft: QuoteDraft) => Object.entries(emptyDraft).every(([field, value]) => draft[field as QuoteField] === value);
  return createStore<QuoteFormState>()((set, get) => ({
    // On any failure every typed value stays where it was.
    draft: restored ? { ...restored.draft } : booking ? { ...booking.draft } : { ...emptyDraft },
    errors: restored ? fieldErrorsOf(restored.error) : {},
    submitting: false,
    photos: [],
    photoError: restored?.photos?.error ?? undefined,
    progress: null,
    cameBack: restored !== undefined,
    gas: restored?.gas ?? null,
    booking: booking ? { token: booking.token, service: booking.service, due: booking.due } : null,
    bookingNotFound: false,
    openBooking: async (token) => {
      if (get().booking?.token === token) return;
      const found = findBooking ? await findBooking(token) : undefined;
      if (!found?.ok) {
        set({ bookingNotFound: true });
        return;
      }
      const { draft, service, due } = found.booking;
      // What the visitor has typed by now is theirs: the booking only ties the request, then.
      set((state) => ({ booking: { token, service, due }, bookingNotFound: false, ...(untouched(state.draft) && { draft: { ...draft } }) }));
    },
    setPhotos: (photos, error) => set({ photos, photoError: error }),
    setField: (field, value) => {
      set(({ draft, errors }) => ({ draft: { ...draft, [field]: value }, errors: { ...errors, [field]: undefined } }));
      if (field !== 'description' || typeof value !== 'string') return;
      // Unchanged while the verdict is, so the warning's live region speaks once, not at every key.
      readGasReport(value).then(
        (gas) => {
          if (get().draft.description === value && get().gas !== gas) set({ gas });
        },
        // The rule could not be loaded (offline): the server still marks the request, and the thanks warns.
        () => undefined,
      );
    },
    submit: async (arrival) => {
      if (get().submitting) return false;
      set({ submitting: true });
      toast.clear();
      let result: SendQuoteWithPhotosResult;
      const { draft, photos, booking: booked } = get();
      // A booked visit goes tied to the request whose reminder it came from.
      const arrived = booked === null ? arrival : { honeypotFilled: false, formToken: null, ...arrival, repeatOf: booked.token };
      try {
        result =
          photos.length === 0
            ? await submitQuote(draft, arrived)
            : await submitWithPhotos(draft, photos, (fraction) => set({ progress: fraction }), arrived);
      } catch (unexpected) {
        // A fault in our own code: the visitor still hears that it failed, and can try again.
        set({ submitting: false, progress: null });
        toast.show({ ...copy.toasts.submissionFailed, variant: 'destructive' });
        throw unexpected;
      }
      if (result.ok) {
        const typed = get().gas;
        set({ draft: { ...emptyDraft }, errors: {}, submitting: false, photos: [], photoError: undefined, progress: null, cameBack: false, gas: null, booking: null, bookingNotFound: false });
        const gas = await readGasReport(result.quote.description ?? '').catch(() => typed);
        toast.show(thanks(remarkedFields(result.quote), result.quote.customerToken, result.quote, gas));
        return true;
      }
      if (result.error.kind === 'photo-refused') {
        set({ photoError: photoErrorMessage(result.error.photo), submitting: false, progress: null });
        return false;
      }
      set({ errors: fieldErrorsOf(result.error), submitting: false, progress: null });
      const failure = toastFor(result.error);
      if (failure) toast.show(failure);
      return false;
    },
  }));
}

export type QuoteFormStore = ReturnType<typeof createQuoteFormStore>;
