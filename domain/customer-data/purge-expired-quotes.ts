import type { Logger } from '../ports/logger';
import type { QuoteRetention } from '../ports/quote-repository';
import { defaultRetentionMonths, retentionCutoff } from './retention';
import { defaultSpamRetentionDays, spamRetentionCutoff } from '../spam/spam';

export interface PurgeExpiredQuotesDeps {
  retention: QuoteRetention;
  logger: Logger;
}

export type PurgeExpiredQuotesResult =
  | { ok: true; deleted: number; cutoff: Date; spam: { deleted: number; cutoff: Date } }
  | { ok: false; error: { kind: 'storage-failure' } };

/**
 * Deletes every quote request kept longer than `months` calendar months before `now` (the retention
 * the privacy notice promises), and every one still in the Spam folder that was sent more than
 * `spamDays` days before `now` (nobody rescued it in that time). Meant to run on a timer on the
 * server, where nobody waits for it, so a store that cannot be reached is not thrown: it is logged and
 * returned as a 'storage-failure' value, and the next run tries again. Nothing is lost by a failed
 * run: the requests it missed are still older than the next run's cutoffs. A `months` or `spamDays`
 * below 1 is a programming error and throws RangeError.
 */
export async function purgeExpiredQuotes(
  deps: PurgeExpiredQuotesDeps,
  now: Date,
  months: number = defaultRetentionMonths,
  spamDays: number = defaultSpamRetentionDays,
): Promise<PurgeExpiredQuotesResult> {
  const cutoff = retentionCutoff(now, months);
  if (!Number.isSafeInteger(spamDays) || spamDays < 1) {
    throw new RangeError(`The Spam folder's retention must be a whole number of days, at least 1 (got ${spamDays})`);
  }
  const spamCutoff = spamRetentionCutoff(now, spamDays);
  let deleted: number;
  try {
    deleted = await deps.retention.deleteCreatedBefore(cutoff);
  } catch (cause) {
    deps.logger.error('Deleting expired quote requests failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }
  try {
    return { ok: true, deleted, cutoff, spam: { deleted: await deps.retention.deleteSpamBefore(spamCutoff), cutoff: spamCutoff } };
  } catch (cause) {
    deps.logger.error('Deleting old spam failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }
}
