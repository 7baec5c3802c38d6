import type { Taking } from '../alerts/alert-plan';
import type { CallAttempt, InboxQuote, QuoteNote } from '../inbox/inbox-quote';
import type { StatusChange } from '../inbox/quote-status';
import type { ReviewStanding } from '../reviews/review-ask';
import type { SpamMark } from '../spam/spam';
import { type Activity, type ActivityKind, type ActivityOf } from './activity';
import { customerAuthor, systemAuthor } from './actor';

// What the card, the clock, the customer's page and the report read of a request, folded from its log.
// A log is kept oldest first: by time, and in the order written among steps at the same time.

const entriesOf = <Kind extends ActivityKind>(log: readonly Activity[], ...kinds: Kind[]): ActivityOf<Kind>[] =>
  log.filter((entry): entry is ActivityOf<Kind> => kinds.some((kind) => kind === entry.kind));

const firstOf = (log: readonly Activity[], kind: ActivityKind): Activity | undefined => log.find((entry) => entry.kind === kind);

/** Every change of status, oldest first. */
export const historyOf = (log: readonly Activity[]): StatusChange[] =>
  entriesOf(log, 'status-moved').map(({ from, to, by, at, wonPence, lostReason }) => ({
    from,
    to,
    by,
    at,
    ...(wonPence !== undefined && { wonPence }),
    ...(lostReason !== undefined && { lostReason }),
  }));

/** Staff's notes and the customer's messages, newest first. */
export const notesOf = (log: readonly Activity[]): QuoteNote[] =>
  entriesOf(log, 'note', 'customer-wrote')
    .map(({ id, text, by, at }) => ({ id, text, by, at }))
    .reverse();

/** The calls nobody picked up, oldest first. */
export const callAttemptsOf = (log: readonly Activity[]): CallAttempt[] => entriesOf(log, 'call-attempted').map(({ by, at }) => ({ by, at }));

/** Who took it on first, and when; null while nobody has. */
export function takingOf(log: readonly Activity[]): Taking | null {
  const taken = firstOf(log, 'taken');
  return taken === undefined ? null : { by: taken.by, at: taken.at };
}

/** Who said "Not spam", and when; null while nobody has. */
export function spamClearingOf(log: readonly Activity[]): SpamMark['cleared'] {
  const cleared = firstOf(log, 'spam-cleared');
  return cleared === undefined ? null : { by: cleared.by, at: cleared.at };
}

/** Where asking for a review stands; undefined until it was asked or its link followed. */
export function reviewStandingOf(log: readonly Activity[]): ReviewStanding | undefined {
  const at = (kind: ActivityKind) => firstOf(log, kind)?.at ?? null;
  const review = { askedAt: at('review-asked'), remindedAt: at('review-reminded'), openedAt: at('review-opened') };
  return (review.askedAt ?? review.openedAt) === null ? undefined : review;
}

/** What of an inbox request is folded from its log, rather than kept beside it. */
type Folded = 'activity' | 'history' | 'notes' | 'taken' | 'callAttempts' | 'review' | 'spam';

/** A request as a store keeps it beside its log: its spam mark without who cleared it. */
export type InboxQuoteBase = Omit<InboxQuote, Folded> & { spam: Omit<SpamMark, 'cleared'> | null };

/** A request with what its log says of it. */
export function inboxQuoteOf(base: InboxQuoteBase, log: readonly Activity[]): InboxQuote {
  const { spam, ...kept } = base;
  const review = reviewStandingOf(log);
  // A whole request may be folded again from a longer log: what its old log said of its review goes.
  if ('review' in kept) delete kept.review;
  return {
    ...kept,
    activity: log,
    history: historyOf(log),
    notes: notesOf(log),
    taken: takingOf(log),
    callAttempts: callAttemptsOf(log),
    spam: spam && { score: spam.score, reasons: spam.reasons, sentAt: spam.sentAt, cleared: spamClearingOf(log) },
    ...(review !== undefined && { review }),
  };
}

/** `log` with `entry` in its place: after every step at or before its time. */
export function appendToLog(log: readonly Activity[], entry: Activity): Activity[] {
  const later = log.findIndex((other) => other.at.getTime() > entry.at.getTime());
  return later === -1 ? [...log, entry] : [...log.slice(0, later), entry, ...log.slice(later)];
}

/** What a request's read model said of it before its life was one log: enough to write the log it implies. */
export type UnfoldedLife = Partial<Pick<InboxQuote, 'history' | 'notes' | 'taken' | 'callAttempts' | 'review'>> & {
  spam?: Pick<SpamMark, 'cleared'> | null;
};

/**
 * The log a request's history, notes, calls, taking, spam clearing and review imply, oldest first: the
 * inverse of the folds, for requests described the old way (the demo's seeds). Notes by `customerAuthor`
 * are the customer's messages.
 */
export function logOf(life: UnfoldedLife, newId: () => string, customer: string): Activity[] {
  const { history = [], notes = [], taken = null, callAttempts = [], review, spam } = life;
  const review_ = review ?? { askedAt: null, remindedAt: null, openedAt: null };
  const entries: Activity[] = [
    ...(taken === null ? [] : [{ kind: 'taken' as const, id: newId(), by: taken.by, at: taken.at }]),
    ...history.map((change): Activity => ({ kind: 'status-moved', id: newId(), ...change })),
    ...[...notes].reverse().map(({ id, text, by, at }): Activity => (by === customer ? { kind: 'customer-wrote', id, text, by, at } : { kind: 'note', id, text, by, at })),
    ...callAttempts.map(({ by, at }): Activity => ({ kind: 'call-attempted', id: newId(), by, at })),
    ...(spam?.cleared ? [{ kind: 'spam-cleared' as const, id: newId(), ...spam.cleared }] : []),
    ...(['askedAt', 'remindedAt', 'openedAt'] as const).flatMap((stamp) => {
      const at = review_[stamp];
      if (at === null) return [];
      const kind = stamp === 'askedAt' ? 'review-asked' : stamp === 'remindedAt' ? 'review-reminded' : 'review-opened';
      return [{ kind, id: newId(), by: stamp === 'openedAt' ? customer : systemAuthor, at } as const];
    }),
  ];
  return entries.reduce<Activity[]>((log, entry) => appendToLog(log, entry), []);
}

/** A request described by what its card reads (history, notes, calls, …), as the log those imply folds it: for seeds and fixtures. */
export function describedInboxQuote(described: InboxQuoteBase & UnfoldedLife, newId: () => string): InboxQuote {
  return inboxQuoteOf(described, logOf(described, newId, customerAuthor));
}
