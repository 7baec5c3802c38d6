import type { Activity, ActivityOf } from '../activity/activity';
import type { QuoteStatus } from '../inbox/quote-status';
import { isEmailAddress } from '../quote/email-address';
import { londonDay, londonMoment } from '../london-time';
import { addDays, earliestKeeping, nextServiceDue } from './service-due';
import type { ServiceKind } from './service-words';

// A done job's yearly visit, remembered with the customer's agreement: one neutral, factual email at a
// lead time before it falls due, one more two weeks later unless the customer booked through its link,
// and nothing after. The cycle starts again from the next visit's own request.

/** The outbox's two reminder emails of a request: the first, and its one follow-up. */
const reminderEmailKinds = ['service-reminder', 'service-reminder-again'] as const;
export type ReminderEmailKind = (typeof reminderEmailKinds)[number];
export const isReminderEmailKind = (kind: string): kind is ReminderEmailKind => reminderEmailKinds.some((known) => known === kind);

/** How many days before a visit falls due its first reminder goes, unless the business sets otherwise: 6 weeks. */
export const defaultReminderLeadDays = 42;

/** How long after the first reminder the second goes. */
const secondReminderAfterDays = 14;

/** The London hour a reminder email goes on its day: mid-morning, never in the night. */
const reminderHour = '10:00';

/** A request's reminder as its log tells it: the latest set, and what came after. */
export interface ServiceReminder {
  service: ServiceKind;
  /** The London day the work was done. */
  doneOn: string;
  /** The London day the next visit falls due. */
  due: string;
  /** For a landlord's check, the first day a check keeps `due` as the deadline after it; null for a boiler service. */
  keepsFrom: string | null;
  set: { by: string; at: Date };
  /** The reminder emails sent, oldest first. */
  reminded: readonly Date[];
  /** Stopped by staff or the customer since it was set; null while it stands. */
  stopped: { by: string; at: Date } | null;
  /** The customer asked for the next visit through its link: the new request; null until they do. */
  booked: { request: string; at: Date } | null;
}

/** What a request booked through a reminder's link says of the one before it. */
export type RepeatOf = Omit<ActivityOf<'repeat-of'>, 'kind' | 'id' | 'by' | 'at'>;

/** The request this one repeats, when it was booked through a reminder's link; null otherwise. */
export function repeatOf(log: readonly Activity[]): RepeatOf | null {
  const entry = log.find((candidate): candidate is ActivityOf<'repeat-of'> => candidate.kind === 'repeat-of');
  return entry === undefined ? null : { request: entry.request, service: entry.service, lastDone: entry.lastDone, due: entry.due };
}

/** The request's reminder, folded from its log; null when none was ever set. */
export function serviceReminderOf(log: readonly Activity[]): ServiceReminder | null {
  const setAt = log.findLastIndex((entry) => entry.kind === 'reminder-set');
  const set = log[setAt];
  if (set?.kind !== 'reminder-set') return null;
  const after = log.slice(setAt + 1);
  const repeat = repeatOf(log);
  // A check of a request booked through the last one's reminder may keep the deadline that one was due by.
  const dueBy = repeat !== null && repeat.service === set.service ? repeat.due : undefined;
  const due = nextServiceDue(set.service, set.doneOn, dueBy);
  const stopped = after.find((entry) => entry.kind === 'reminder-stopped');
  const booked = log.find((entry): entry is ActivityOf<'service-booked'> => entry.kind === 'service-booked');
  return {
    service: set.service,
    doneOn: set.doneOn,
    due,
    keepsFrom: set.service === 'gas-safety-check' ? earliestKeeping(due) : null,
    set: { by: set.by, at: set.at },
    reminded: log.filter((entry) => entry.kind === 'service-reminded').map((entry) => entry.at),
    stopped: stopped === undefined ? null : { by: stopped.by, at: stopped.at },
    booked: booked === undefined ? null : { request: booked.request, at: booked.at },
  };
}

/** Whether a reminder still stands: set, not stopped, and not yet booked through. */
export const reminderStands = (reminder: ServiceReminder | null): reminder is ServiceReminder =>
  reminder !== null && reminder.stopped === null && reminder.booked === null;

/** Why a reminder email that has come due is not sent after all; null when it goes. */
export type ReminderWithdrawal = 'no-reminder' | 'stopped' | 'booked' | 'spam' | 'no-address' | 'opted-out' | 'never-reminded' | 'already-reminded';

/** What deciding a due reminder email reads of its request. */
export interface ReminderCandidate {
  status: QuoteStatus;
  inSpam: boolean;
  email: string | null;
  reminder: ServiceReminder | null;
}

/**
 * Whether the reminder email of `kind` that has come due goes, or why not: a reminder that stands, on
 * a request out of Spam, with an address that has not said stop; the second only after the first, and
 * neither twice.
 */
export function reminderWithdrawal(kind: ReminderEmailKind, request: ReminderCandidate, optedOut: boolean): ReminderWithdrawal | null {
  const { reminder } = request;
  if (reminder === null) return 'no-reminder';
  if (reminder.stopped !== null) return 'stopped';
  if (reminder.booked !== null) return 'booked';
  if (request.inSpam) return 'spam';
  if (request.email === null || !isEmailAddress(request.email)) return 'no-address';
  if (optedOut) return 'opted-out';
  const sent = reminder.reminded.length;
  if (kind === 'service-reminder') return sent === 0 ? null : 'already-reminded';
  return sent === 0 ? 'never-reminded' : sent === 1 ? null : 'already-reminded';
}

/** When a reminder's first email goes: at `reminderHour` in London, `leadDays` before its visit falls due. */
export function firstReminderAt(reminder: Pick<ServiceReminder, 'due'>, leadDays: number): Date {
  const at = londonMoment(addDays(reminder.due, -leadDays), reminderHour);
  if (at === undefined) throw new RangeError(`No reminder time for ${reminder.due}`);
  return at;
}

/** When its second goes: two weeks after the first was sent. */
export const secondReminderAt = (firstSentAt: Date): Date => new Date(firstSentAt.getTime() + secondReminderAfterDays * 24 * 60 * 60_000);

/** What the customer's own page shows of the reminder: where it stands, or whether one is offered. */
export type CustomerReminder =
  | { stands: true; service: ServiceKind; due: string; keepsFrom: string | null }
  | { stands: false; offered: boolean };

/**
 * The customer's reminder on a request: one standing, else offered once the job is done, to a customer
 * who gave an email address (a reminder goes by email; without one it could never be sent).
 */
export function customerReminderOf(log: readonly Activity[], status: QuoteStatus, email: string | null): CustomerReminder {
  const reminder = serviceReminderOf(log);
  if (reminderStands(reminder)) return { stands: true, service: reminder.service, due: reminder.due, keepsFrom: reminder.keepsFrom };
  return { stands: false, offered: status === 'done' && email !== null && isEmailAddress(email) };
}

/** The day the job was last marked done, in London: the day the customer's own reminder counts from. */
export const doneOnOf = (log: readonly Activity[], fallback: string): string => {
  const done = log.findLast((entry) => entry.kind === 'status-moved' && entry.to === 'done');
  return done === undefined ? fallback : londonDay(done.at);
};
