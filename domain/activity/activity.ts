import * as v from 'valibot';
import { writtenText } from '../quote/field-description';
import { lostReasons, wonValueMaxPence } from '../inbox/job-outcome';
import { QuoteStatusSchema } from '../inbox/quote-status';
import { serviceKinds } from '../reminders/service-words';
import { QuoteLinesSchema } from '../priced-quote/quote-draft';

// A request's whole life is one log: every step is an entry of one of the kinds below, with who took
// it (a staff member's email, the customer, or the system) and when. What the card, the clock and the
// customer's page show is folded from it (activity-folds.ts). A new kind of step is one more entry
// here and its words in activity-copy.ts, and, if it may happen only in some states, its rule in
// activity-guard.ts: the stores, the wire, the export and the timeline carry every kind alike.

/** A staff member's email, or actor.ts's customerAuthor or systemAuthor. */
export const ActorSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(254));

export const noteMaxLength = 2000;

/** A note as staff type it: trimmed, not empty, plain text with lines. */
export const NoteTextSchema = writtenText('Note', noteMaxLength, 'Write the note before adding it');

const pence = v.pipe(
  v.number('Job value must be a whole number of pence'),
  v.integer('Job value must be a whole number of pence'),
  v.minValue(0, 'Job value cannot be below £0'),
  v.maxValue(wonValueMaxPence, 'Job value must be at most £1,000,000'),
);

/** What a reminder set without its service, its day or the customer's agreement is told. */
const reminderMessages = {
  service: 'Choose Boiler service or Landlord gas safety check',
  doneOn: 'Give the date the work was done',
  agreed: 'Tick that the customer agreed to be reminded',
} as const;

/** What a step sent without one of its kind's fields is told, by the field (whose path names it). */
const missingMessages: Readonly<Record<string, string>> = {
  ...reminderMessages,
  from: 'Say which status the request is at',
  to: 'Choose a status from the list',
  text: 'Write the note before adding it',
  day: 'Choose the day',
  version: 'Say which version of the quote',
  lines: 'Add at least one line',
  validUntil: 'Give the day the quote is valid until',
  vatRegistered: 'Say whether the quote charges VAT',
  terms: 'Give the business’s terms',
  earlyStart: 'Say whether the work may start within the 14-day cancellation period',
};
const missing = (issue: v.BaseIssue<unknown>) => {
  const field = issue.expected?.replaceAll('"', '') ?? '';
  return issue.received === 'undefined' ? (missingMessages[field] ?? `Give ${field}`) : 'Send the step as an object';
};
const message = v.pipe(v.string(), v.nonEmpty(), v.maxLength(noteMaxLength));
/** The most characters of the business's terms a quote carries. */
const quoteTermsMaxLength = 4000;
const quoteVersion = v.pipe(v.number('Say which version of the quote'), v.integer('Say which version of the quote'), v.minValue(1, 'Say which version of the quote'), v.maxValue(999, 'A quote has at most 999 versions'));

/** A London day (YYYY-MM-DD) and a wall-clock time (HH:MM). */
const day = (message = 'Choose the day') => v.pipe(v.string(message), v.isoDate(message));
const clockTime = (label: string) => v.pipe(v.string(`Choose ${label}`), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Choose ${label} as HH:MM`));

/**
 * Each kind of entry with the data it carries, given how its stamp (id, by, at) is written: Dates in
 * the domain, ISO text on the wire, nothing as staff send a step. One list, so they cannot drift.
 */
export function activityVariant<const Stamp extends v.ObjectEntries>(stamp: Stamp) {
  return v.variant('kind', [
    v.object({
      kind: v.literal('status-moved'),
      from: QuoteStatusSchema,
      to: QuoteStatusSchema,
      wonPence: v.exactOptional(pence),
      lostReason: v.exactOptional(v.picklist(lostReasons)),
      ...stamp,
    }, missing),
    v.object({ kind: v.literal('note'), text: NoteTextSchema, ...stamp }, missing),
    v.object({ kind: v.literal('customer-wrote'), text: message, ...stamp }, missing),
    v.object({ kind: v.literal('call-attempted'), ...stamp }, missing),
    v.object({ kind: v.literal('taken'), ...stamp }, missing),
    v.object({ kind: v.literal('spam-cleared'), ...stamp }, missing),
    v.object({ kind: v.literal('review-asked'), ...stamp }, missing),
    v.object({ kind: v.literal('review-reminded'), ...stamp }, missing),
    v.object({ kind: v.literal('review-opened'), ...stamp }, missing),
    v.object({ kind: v.literal('arrival-booked'), day: day(), from: clockTime('when the window starts'), to: clockTime('when the window ends'), ...stamp }, missing),
    // A yearly visit remembered, with the customer's agreement: by staff on a done job, or by the customer.
    v.object({
      kind: v.literal('reminder-set'),
      service: v.picklist(serviceKinds, reminderMessages.service),
      doneOn: day(reminderMessages.doneOn),
      agreed: v.literal(true, reminderMessages.agreed),
      ...stamp,
    }, missing),
    v.object({ kind: v.literal('reminder-stopped'), ...stamp }, missing),
    /** A reminder email sent: the first at its lead time, the second two weeks later. */
    v.object({ kind: v.literal('service-reminded'), ...stamp }, missing),
    /** On the request a reminder was for: the customer asked for the next visit through its link (`request`, the new one). */
    v.object({ kind: v.literal('service-booked'), request: v.pipe(v.string(), v.nonEmpty()), ...stamp }, missing),
    /** On that new request: the one it repeats, the visit it is for, when it was last done and when it is due. */
    v.object({
      kind: v.literal('repeat-of'),
      request: v.pipe(v.string(), v.nonEmpty()),
      service: v.picklist(serviceKinds),
      lastDone: day(),
      due: day(),
      ...stamp,
    }, missing),
    // A priced quote (priced-quote.ts): a version written (and written again while a draft), sent, and
    // answered by the customer through their link; a version sent in its place replaces the last.
    v.object({
      kind: v.literal('quote-written'),
      version: quoteVersion,
      lines: QuoteLinesSchema,
      validUntil: day('Give the day the quote is valid until'),
      vatRegistered: v.boolean(),
      terms: v.pipe(v.string(), v.maxLength(quoteTermsMaxLength)),
      ...stamp,
    }, missing),
    v.object({ kind: v.literal('quote-sent'), version: quoteVersion, ...stamp }, missing),
    v.object({ kind: v.literal('quote-viewed'), version: quoteVersion, ...stamp }, missing),
    v.object({ kind: v.literal('quote-accepted'), version: quoteVersion, totalPence: pence, earlyStart: v.boolean(), ...stamp }, missing),
    v.object({ kind: v.literal('quote-declined'), version: quoteVersion, reason: v.exactOptional(v.picklist(lostReasons)), ...stamp }, missing),
    v.object({ kind: v.literal('quote-replaced'), version: quoteVersion, replacedBy: quoteVersion, ...stamp }, missing),
    /** The one follow-up email of a version nobody answered. */
    v.object({ kind: v.literal('quote-followed-up'), version: quoteVersion, ...stamp }, missing),
  ], 'Choose a kind of step from the list');
}

/** One step of a request's life as the domain keeps it. */
export const ActivitySchema = activityVariant({ id: v.pipe(v.string(), v.nonEmpty()), by: ActorSchema, at: v.date() });
export type Activity = v.InferOutput<typeof ActivitySchema>;
export type ActivityKind = Activity['kind'];
export type ActivityOf<Kind extends ActivityKind> = Extract<Activity, { kind: Kind }>;

/** A step as it is asked for: its kind and data, before a store gives it an id and who and when. */
export const ActivityStepSchema = activityVariant({});
export type ActivityStep = v.InferOutput<typeof ActivityStepSchema>;

/** The kinds staff record through the inbox; the others are the customer's and the system's. */
const staffKinds = ['status-moved', 'note', 'call-attempted', 'taken', 'spam-cleared', 'arrival-booked', 'reminder-set', 'reminder-stopped', 'quote-written', 'quote-sent'] as const satisfies readonly ActivityKind[];
export type StaffStep = Extract<ActivityStep, { kind: (typeof staffKinds)[number] }>;

export const isStaffStep = (step: ActivityStep): step is StaffStep => staffKinds.some((kind) => kind === step.kind);

/** The kinds the customer records through their link, under the same guard as staff's steps. */
type CustomerStep = Extract<ActivityStep, { kind: 'quote-viewed' | 'quote-accepted' | 'quote-declined' }>;

/** A step a store records under its guard: staff's, or the customer's answer to a quote. */
export type GuardedStep = StaffStep | CustomerStep;
