import { describeOutcome } from '../inbox/job-outcome';
import { inboxCopy } from '../inbox/inbox-copy';
import type { Activity } from './activity';
import { actorRole } from './actor';
import { describeArrival } from './customer-notices';
import { describeDay, reminderCopy } from '../reminders/reminder-copy';
import { formatPrice, priceQuote } from '../priced-quote/quote-pricing';
import { lostReasonLabels } from '../inbox/job-outcome';

/** What each kind of step says on the timeline and in a customer's data: one line, without who or when. */
const describers: { [Kind in Activity['kind']]: (entry: Extract<Activity, { kind: Kind }>) => string } = {
  'status-moved': (entry) => {
    const outcome = describeOutcome(entry);
    const { badge } = inboxCopy.status;
    return `${badge[entry.from]} → ${badge[entry.to]}${outcome === undefined ? '' : ` (${outcome})`}`;
  },
  note: (entry) => `Note: ${entry.text}`,
  'customer-wrote': (entry) => `Customer wrote: ${entry.text}`,
  'call-attempted': () => 'Called, no answer',
  taken: () => 'Taken on',
  'spam-cleared': () => 'Moved from Spam',
  'review-asked': () => 'Asked for a review',
  'review-reminded': () => 'Reminded about the review',
  'review-opened': () => 'Review link opened',
  'arrival-booked': (entry) => `Booked ${describeArrival(entry)}`,
  'reminder-set': (entry) => `Reminder set: ${reminderCopy.services[entry.service].toLowerCase()} done ${describeDay(entry.doneOn, 'short')}`,
  'reminder-stopped': () => 'Reminders stopped',
  'service-reminded': () => 'Reminded that the next service is due',
  'service-booked': () => 'Next service asked for through the reminder',
  'quote-written': (entry) => `Quote version ${entry.version} written: ${formatPrice(priceQuote(entry.lines, entry).totalPence)}`,
  'quote-sent': (entry) => `Quote version ${entry.version} sent`,
  'quote-viewed': (entry) => `Quote version ${entry.version} viewed`,
  'quote-accepted': (entry) => `Quote version ${entry.version} accepted: ${formatPrice(entry.totalPence)}${entry.earlyStart ? ', work to start within the cancellation period' : ''}`,
  'quote-declined': (entry) => `Quote version ${entry.version} declined${entry.reason === undefined ? '' : ` (${lostReasonLabels[entry.reason]})`}`,
  'quote-replaced': (entry) => `Quote version ${entry.version} replaced by version ${entry.replacedBy}`,
  'quote-followed-up': (entry) => `Followed up quote version ${entry.version}`,
  'repeat-of': (entry) => `Repeat customer: ${reminderCopy.services[entry.service].toLowerCase()} last done ${describeDay(entry.lastDone, 'short')}`,
};

export function describeActivity(entry: Activity): string {
  // Each kind's describer takes that kind; TypeScript cannot follow the pairing through the index.
  const describe = describers[entry.kind] as (entry: Activity) => string;
  return describe(entry);
}

/** Who took a step, as the export names them: a staff member by their email, else the customer or the system. */
export function describeActor(by: string): string {
  const role = actorRole(by);
  return role === 'staff' ? by : role === 'customer' ? 'Customer' : 'System';
}
