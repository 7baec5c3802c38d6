import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { createStore } from 'zustand/vanilla';
import type { StaffStep } from '../../../domain/activity/activity';
import { describeActivity } from '../../../domain/activity/activity-copy';
import { describeRefusal } from '../../../domain/activity/activity-guard';
import type { recordStep } from '../../../domain/activity/record-step';
import type { AddQuoteNoteResult } from '../../../domain/inbox/add-quote-note';
import type { ChangeQuoteStatusResult } from '../../../domain/inbox/change-quote-status';
import type { ClearSpamResult } from '../../../domain/spam/clear-spam';
import { copy } from '../../../domain/copy';
import type { DeleteQuoteResult } from '../../../domain/inbox/delete-quote';
import type { ExportQuotesResult } from '../../../domain/inbox/export-quotes';
import type { InboxQuery } from '../../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { londonClock, londonDay } from '../../../domain/london-time';
import { staffName } from '../../../domain/alerts/on-call';
import type { TakeQuoteResult } from '../../../domain/inbox/take-quote';
import type { RecordCallAttemptResult } from '../../../domain/inbox/record-call-attempt';
import type { JobOutcome } from '../../../domain/inbox/job-outcome';
import type { QuoteStatus } from '../../../domain/inbox/quote-status';
import type { ResendBusinessEmailResult } from '../../../domain/inbox/resend-business-email';
import { describeDuration, dueAt, responseTime } from '../../../domain/inbox/response-clock';
import type { InboxStore } from './inbox-store';
import { type ToastStore, toastSlot } from './toast-store';

/** What staff are doing to a request, so its buttons wait for the answer. */
type QuoteAction = 'status' | 'take' | 'call' | 'note' | 'step' | 'resend' | 'delete' | 'not-spam';

/** A note that was not added, and why, for the field that holds it. */
type AddNoteOutcome = { ok: true } | { ok: false; message: string };

interface QuoteActionsState {
  pending: Readonly<Partial<Record<string, QuoteAction>>>;
  exporting: boolean;
  /** Moves a request on from the status staff saw it at, with the job's value or why it was lost if they said. */
  changeStatus: (quote: InboxQuote, to: QuoteStatus, outcome?: JobOutcome) => Promise<void>;
  /** Takes a waiting request on ("I'm on it"): its alerts stop, and the card says who took it. */
  take: (quote: InboxQuote) => Promise<void>;
  /** "Called, no answer": records the call; the request stays waiting, its next try due 30 minutes on. */
  recordCallAttempt: (quote: InboxQuote) => Promise<void>;
  addNote: (quote: InboxQuote, text: string) => Promise<AddNoteOutcome>;
  /**
   * Records any other step staff take on a request (see domain/activity/activity.ts); the card shows the
   * request as it is then, and a toast what was recorded. Refused, it says so and the list is read again;
   * `refused` is why, as the API's message says it, for the form that asked.
   */
  record: (quote: InboxQuote, step: StaffStep) => Promise<{ ok: boolean; refused?: string }>;
  resendEmail: (quote: InboxQuote) => Promise<void>;
  /** "Not spam": moves a request out of the Spam folder to Waiting, where it is a new request from now. */
  clearSpam: (quote: InboxQuote) => Promise<void>;
  /** Deletes one request for good (the caller has asked staff to confirm). */
  remove: (quote: InboxQuote) => Promise<void>;
  /** Every request `query` finds as CSV, with the name to save it under; undefined on failure. */
  exportCsv: (query: InboxQuery) => Promise<{ csv: string; fileName: string } | undefined>;
}

export interface QuoteActionsDeps {
  changeQuoteStatus: (change: { id: string; from: QuoteStatus; to: QuoteStatus; by: string; at: Date } & JobOutcome) => Promise<ChangeQuoteStatusResult>;
  takeQuote: (take: { id: string; by: string; at: Date }) => Promise<TakeQuoteResult>;
  recordCallAttempt: (attempt: { id: string; by: string; at: Date }) => Promise<RecordCallAttemptResult>;
  addQuoteNote: (note: { quoteId: string; text: string; by: string; at: Date }) => Promise<AddQuoteNoteResult>;
  recordStep: (request: { id: string; step: StaffStep; by: string; at: Date }) => ReturnType<typeof recordStep>;
  resendBusinessEmail: (id: string, at: Date) => Promise<ResendBusinessEmailResult>;
  deleteQuote: (id: string) => Promise<DeleteQuoteResult>;
  clearSpam: (clearing: { id: string; by: string; at: Date }) => Promise<ClearSpamResult>;
  exportQuotes: (query: InboxQuery, now: Date) => Promise<ExportQuotesResult>;
  inbox: InboxStore;
  now: () => Date;
  /** Who is signed in: the stores that can tell for themselves (the server, Supabase) ignore it. */
  staffEmail: () => string;
  toasts: ToastStore;
  onNotSignedIn: () => void;
}

/** What staff do to the requests in the inbox, each reported in a toast and reflected in the list. */
export function createQuoteActionsStore(deps: QuoteActionsDeps) {
  const { inbox, now, toasts, onNotSignedIn } = deps;
  const statusToast = toastSlot(toasts, 'quote-status');
  const deleteToast = toastSlot(toasts, 'quote-delete');
  const emailToast = toastSlot(toasts, 'quote-email');
  const exportToast = toastSlot(toasts, 'quote-export');

  return createStore<QuoteActionsState>()((set, get) => {
    /** Runs one action on a request at a time, marking it pending meanwhile. */
    async function on<T>(id: string, action: QuoteAction, run: () => Promise<T>): Promise<T | undefined> {
      if (get().pending[id]) return undefined;
      set(({ pending }) => ({ pending: { ...pending, [id]: action } }));
      try {
        return await run();
      } finally {
        set(({ pending }) => ({ pending: { ...pending, [id]: undefined } }));
      }
    }

    /**
     * The refusals every move on a request shares: it is gone (taken off the list, and said so), the
     * session has lapsed, or the store failed or would not (said, with `failed`).
     */
    function refusedAlike(quote: InboxQuote, kind: 'not-found' | 'not-signed-in' | 'storage-failure' | 'not-allowed', failed: { title: string; description: string }): void {
      if (kind === 'not-found') {
        inbox.getState().removeQuote(quote.id);
        statusToast.show(inboxCopy.changed.notFound(quote.name));
      } else if (kind === 'not-signed-in') onNotSignedIn();
      else statusToast.show({ ...failed, variant: 'destructive' });
    }

    return {
      pending: {},
      exporting: false,
      changeStatus: async (quote, to, outcome = {}) => {
        const result = await on(quote.id, 'status', () =>
          deps.changeQuoteStatus({ id: quote.id, from: quote.status, to, by: deps.staffEmail(), at: now(), ...outcome }),
        );
        if (result === undefined) return;
        if (result.ok) {
          inbox.getState().replaceQuote(result.quote);
          void inbox.getState().refreshSummary();
          const answered = quote.status === 'new' && result.quote.respondedAt ? responseTime(result.quote, result.quote.respondedAt) : null;
          statusToast.show({
            title: inboxCopy.changed.title(quote.status, to),
            description: inboxCopy.changed.description(quote.name, answered && describeDuration(answered.minutes)),
          });
          return;
        }
        switch (result.error.kind) {
          case 'conflict':
            statusToast.show(inboxCopy.changed.conflict(quote.name, inboxCopy.status.badge[result.error.current]));
            await inbox.getState().reload();
            return;
          case 'invalid-outcome':
            statusToast.show({ title: inboxCopy.changed.failed.title, description: result.error.message, variant: 'destructive' });
            return;
          default:
            refusedAlike(quote, result.error.kind, inboxCopy.changed.failed);
        }
      },
      take: async (quote) => {
        const result = await on(quote.id, 'take', () => deps.takeQuote({ id: quote.id, by: deps.staffEmail(), at: now() }));
        if (result === undefined) return;
        if (result.ok) {
          inbox.getState().replaceQuote(result.quote);
          statusToast.show(inboxCopy.take.taken(quote.name));
          return;
        }
        switch (result.error.kind) {
          case 'already-taken': {
            // Someone was quicker: the card shows who, without reloading the list under the reader.
            const { taken } = result.error;
            inbox.getState().updateQuote(quote.id, (current) => ({ ...current, taken }));
            statusToast.show(inboxCopy.take.alreadyTaken(staffName(taken.by), londonClock(taken.at)));
            return;
          }
          case 'not-waiting':
            statusToast.show(inboxCopy.take.notWaiting(quote.name, inboxCopy.status.badge[result.error.current]));
            await inbox.getState().reload();
            return;
          default:
            refusedAlike(quote, result.error.kind, inboxCopy.take.failed);
        }
      },
      recordCallAttempt: async (quote) => {
        const result = await on(quote.id, 'call', () => deps.recordCallAttempt({ id: quote.id, by: deps.staffEmail(), at: now() }));
        if (result === undefined) return;
        if (result.ok) {
          inbox.getState().replaceQuote(result.quote);
          // Overdue and answered change: the next try is later, and the first call kept the promise.
          void inbox.getState().refreshSummary();
          statusToast.show(inboxCopy.callAttempt.recorded(quote.name, londonClock(dueAt(result.quote))));
          return;
        }
        switch (result.error.kind) {
          case 'not-waiting':
            statusToast.show(inboxCopy.callAttempt.notWaiting(quote.name));
            await inbox.getState().reload();
            return;
          case 'too-many-calls':
            statusToast.show(inboxCopy.callAttempt.tooMany(result.error.message));
            return;
          default:
            refusedAlike(quote, result.error.kind, inboxCopy.callAttempt.failed);
        }
      },
      addNote: async (quote, text) => {
        const result = await on(quote.id, 'note', () => deps.addQuoteNote({ quoteId: quote.id, text, by: deps.staffEmail(), at: now() }));
        if (result === undefined) return { ok: false, message: '' };
        if (result.ok) {
          inbox.getState().replaceQuote(result.quote);
          return { ok: true };
        }
        switch (result.error.kind) {
          case 'invalid-note':
            return { ok: false, message: result.error.message };
          case 'not-found':
            return { ok: false, message: inboxCopy.notes.notFound };
          case 'not-signed-in':
            onNotSignedIn();
            return { ok: false, message: '' };
          case 'storage-failure':
            return { ok: false, message: inboxCopy.notes.failed };
        }
      },
      record: async (quote, step) => {
        const result = await on(quote.id, 'step', () => deps.recordStep({ id: quote.id, step, by: deps.staffEmail(), at: now() }));
        switch (result?.outcome) {
          case undefined:
            return { ok: false };
          case 'recorded':
            inbox.getState().replaceQuote(result.quote);
            statusToast.show({ title: describeActivity(result.entry), description: quote.name });
            return { ok: true };
          case 'refused':
            statusToast.show('current' in result.refusal ? inboxCopy.changed.conflict(quote.name, inboxCopy.status.badge[result.refusal.current]) : inboxCopy.changed.refused(describeRefusal(result.refusal)));
            await inbox.getState().reload();
            return { ok: false, refused: describeRefusal(result.refusal) };
          case 'not-found':
            refusedAlike(quote, 'not-found', inboxCopy.changed.failed);
            return { ok: false };
          case 'failed':
            refusedAlike(quote, result.failure.kind, inboxCopy.changed.failed);
            return { ok: false };
        }
      },
      resendEmail: async (quote) => {
        const result = await on(quote.id, 'resend', () => deps.resendBusinessEmail(quote.id, now()));
        if (result === undefined) return;
        if (result.ok && result.outcome === 'queued') {
          // Due again at once: no longer failing until an attempt fails again.
          inbox.getState().updateQuote(quote.id, (current) => ({ ...current, businessEmail: { sentAt: null, lastError: null } }));
          emailToast.show(inboxCopy.email.queued);
        } else if (result.ok) {
          emailToast.show(inboxCopy.email.alreadySent);
          await inbox.getState().reload();
        } else if (result.error.kind === 'not-found') {
          inbox.getState().removeQuote(quote.id);
          emailToast.show(inboxCopy.changed.notFound(quote.name));
        } else if (result.error.kind === 'not-signed-in') {
          onNotSignedIn();
        } else {
          emailToast.show({ ...inboxCopy.email.failed, variant: 'destructive' });
        }
      },
      clearSpam: async (quote) => {
        const result = await on(quote.id, 'not-spam', () => deps.clearSpam({ id: quote.id, by: deps.staffEmail(), at: now() }));
        if (result === undefined) return;
        if (result.ok) {
          // It leaves the folder for Waiting, which counts it from now.
          inbox.getState().replaceQuote(result.quote);
          void inbox.getState().refreshSummary();
          statusToast.show(inboxCopy.spam.cleared(quote.name));
          return;
        }
        switch (result.error.kind) {
          case 'not-spam':
            statusToast.show(inboxCopy.spam.alreadyCleared(quote.name));
            await inbox.getState().reload();
            return;
          default:
            refusedAlike(quote, result.error.kind, inboxCopy.spam.failed);
        }
      },
      remove: async (quote) => {
        const result = await on(quote.id, 'delete', () => deps.deleteQuote(quote.id));
        if (result === undefined) return;
        if (result.ok || result.error.kind === 'not-found') {
          // Gone either way; when someone else (or the retention purge) got there first, it says so.
          inbox.getState().removeQuote(quote.id);
          void inbox.getState().refreshSummary();
          deleteToast.show(result.ok ? copy.quoteDelete.deleted(quote.name) : copy.quoteDelete.alreadyDeleted);
        } else if (result.error.kind === 'not-signed-in') {
          onNotSignedIn();
        } else {
          deleteToast.show({ ...copy.quoteDelete.failed, variant: 'destructive' });
        }
      },
      exportCsv: async (query) => {
        if (get().exporting) return undefined;
        set({ exporting: true });
        const at = now();
        const result = await deps.exportQuotes(query, at).finally(() => set({ exporting: false }));
        if (result.ok) {
          const fileName = inboxCopy.exportFileName(londonDay(at));
          exportToast.show(inboxCopy.exported(result.count, fileName));
          return { csv: result.csv, fileName };
        }
        if (result.error.kind === 'not-signed-in') onNotSignedIn();
        else exportToast.show({ ...inboxCopy.exportFailed, variant: 'destructive' });
        return undefined;
      },
    };
  });
}

export type QuoteActionsStore = ReturnType<typeof createQuoteActionsStore>;
