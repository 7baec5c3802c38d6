/** Why a job was lost, as staff choose it when they mark a request lost; in the order the list shows them. */
export const lostReasonLabels = {
  price: 'Price',
  'went-elsewhere': 'Went elsewhere',
  'no-answer': 'No answer',
  'not-our-job': 'Not a job we do',
  'out-of-area': 'Out of area',
  other: 'Other',
} as const;

export type LostReason = keyof typeof lostReasonLabels;

export const lostReasons = Object.keys(lostReasonLabels) as LostReason[];

/** The most a job's value may be, in pence: £1,000,000, far beyond any one plumbing or heating job. */
export const wonValueMaxPence = 100_000_000;

/** What staff may say of a job as they move it: its value in pence when won, why when lost; each optional. */
export interface JobOutcome {
  wonPence?: number;
  lostReason?: LostReason;
}

const poundsHint = 'Job value: write the amount in pounds, such as 450 or 1,250.50';

/** Why a value in pence is not one a store keeps (a whole number from 0 to £1,000,000); undefined when it is. */
function wonPenceProblem(pence: unknown): string | undefined {
  if (typeof pence !== 'number' || !Number.isSafeInteger(pence)) return 'Job value must be a whole number of pence';
  if (pence < 0) return 'Job value cannot be below £0';
  if (pence > wonValueMaxPence) return 'Job value must be at most £1,000,000';
  return undefined;
}

const lostReasonMessage = 'Choose why it was lost from the list, or leave it empty';

const isLostReason = (value: unknown): value is LostReason => lostReasons.some((reason) => reason === value);

/**
 * The job's value as staff type it ("£1,250.50", "1250", "450.5"), in pence; null when left empty.
 * Thousands may be grouped with commas; pence, if written, are one or two digits.
 */
export function parsePounds(typed: string): { ok: true; pence: number | null } | { ok: false; message: string } {
  const text = typed.trim().replace(/^£\s*/, '');
  if (text === '') return typed.trim() === '' ? { ok: true, pence: null } : { ok: false, message: poundsHint };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (match === null) return { ok: false, message: poundsHint };
  const pounds = Number(match[1]?.replaceAll(',', ''));
  const pence = pounds * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  const problem = wonPenceProblem(pence);
  return problem === undefined ? { ok: true, pence } : { ok: false, message: problem };
}

/** Pence as the business reads money: "£1,250" for whole pounds, "£1,250.50" otherwise. */
export function formatPounds(pence: number): string {
  const whole = pence % 100 === 0;
  return (pence / 100).toLocaleString('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
}

/**
 * Whether a move to won is the job being won, with a value of its own, rather than one marked done too
 * soon going back: that keeps the value it was won for.
 */
export const winsJob = (change: { from: string; to: string }): boolean => change.to === 'won' && change.from !== 'done';

/** Why `outcome` does not suit the move from `from` to `to` (a value out of range, or given with the wrong move), naming its field; undefined when it does. */
export function outcomeProblem({ from, to }: { from: string; to: string }, outcome: JobOutcome): { field: keyof JobOutcome; message: string } | undefined {
  if (outcome.wonPence !== undefined) {
    if (!winsJob({ from, to })) return { field: 'wonPence', message: from === 'done' ? 'A job marked done too soon keeps the value it was won for' : 'Only a job marked won has a value' };
    const problem = wonPenceProblem(outcome.wonPence);
    if (problem !== undefined) return { field: 'wonPence', message: problem };
  }
  if (outcome.lostReason !== undefined) {
    if (to !== 'lost') return { field: 'lostReason', message: 'Only a job marked lost has a reason it was lost' };
    if (!isLostReason(outcome.lostReason)) return { field: 'lostReason', message: lostReasonMessage };
  }
  return undefined;
}

/**
 * The request's outcome as it stands: the value or reason given with the move that brought it to its
 * status, if any; for a job won (done or not), the value given when it was won.
 */
export function currentOutcome(quote: { status: string; history: readonly (JobOutcome & { from: string; to: string })[] }): JobOutcome {
  const won = quote.status === 'won' || quote.status === 'done';
  const arrival = quote.history.findLast((change) => (won ? winsJob(change) : change.to === quote.status));
  if (arrival === undefined) return {};
  return { ...(arrival.wonPence !== undefined && { wonPence: arrival.wonPence }), ...(arrival.lostReason !== undefined && { lostReason: arrival.lostReason }) };
}

/** A move's detail as the history and the card show it: "£1,250" or "Price"; undefined when none was given. */
export function describeOutcome(outcome: JobOutcome): string | undefined {
  if (outcome.wonPence !== undefined) return formatPounds(outcome.wonPence);
  if (outcome.lostReason !== undefined) return lostReasonLabels[outcome.lostReason];
  return undefined;
}
