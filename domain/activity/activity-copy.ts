import { describeOutcome } from '../inbox/job-outcome';
import { inboxCopy } from '../inbox/inbox-copy';
import { type Activity, actorRole } from './activity';

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

/**
 * What the customer's own page tells them of each kind of step that is theirs to know, beyond where their
 * request stands and the messages they sent (shown apart): never who took it. Kinds not listed say nothing.
 */
const customerNotices: { [Kind in Activity['kind']]?: (entry: Extract<Activity, { kind: Kind }>) => string } = {};

/** The lines the customer's page shows from a request's log: the latest of each kind that says something, oldest first. */
export function customerNoticesOf(log: readonly Activity[]): string[] {
  const latest = new Map<Activity['kind'], string>();
  for (const entry of log) {
    // Each kind's notice takes that kind; TypeScript cannot follow the pairing through the index.
    const notice = customerNotices[entry.kind] as ((entry: Activity) => string) | undefined;
    if (notice !== undefined) {
      latest.delete(entry.kind);
      latest.set(entry.kind, notice(entry));
    }
  }
  return [...latest.values()];
}
