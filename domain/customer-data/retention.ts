/**
 * How long quote requests are kept. A request is for a call back and a quote, so after two years it
 * has long served its purpose; the privacy notice promises this figure, and the purge enforces it.
 */
export const defaultRetentionMonths = 24;

/**
 * The moment `months` calendar months before `now`: requests stored before it have been kept long
 * enough. Counted in UTC, keeping the time of day; a day the earlier month lacks becomes its last day
 * (31 March minus one month is 28 or 29 February), so the cutoff never spills into the next month.
 * `months` must be a whole number of at least 1: a retention of none would delete requests as they
 * arrive, which is a mistake in the caller, not a policy.
 */
export function retentionCutoff(now: Date, months: number): Date {
  if (Number.isNaN(now.getTime())) throw new RangeError('retentionCutoff needs a valid date');
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`A retention period must be a whole number of months, at least 1 (got ${months})`);
  }
  const cutoff = new Date(now.getTime());
  // Go to the 1st first, so that moving the month never overflows into the month after.
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  cutoff.setUTCDate(Math.min(now.getUTCDate(), daysInUtcMonth(cutoff)));
  if (Number.isNaN(cutoff.getTime())) throw new RangeError('The retention cutoff is before the earliest date');
  return cutoff;
}

function daysInUtcMonth(date: Date): number {
  // Day 0 of the next month is the last day of this one; setUTCFullYear avoids Date.UTC's 19xx years.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + 1, 0);
  return lastDay.getUTCDate();
}
