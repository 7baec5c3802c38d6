import type { Logger, QuoteRetention } from './ports';
import { defaultRetentionMonths, retentionCutoff } from './retention';

export interface PurgeExpiredQuotesDeps {
  retention: QuoteRetention;
  logger: Logger;
}

export type PurgeExpiredQuotesResult =
  | { ok: true; deleted: number; cutoff: Date }
  | { ok: false; error: { kind: 'storage-failure' } };

/**
 * Deletes every quote request kept longer than `months` calendar months before `now` (the retention
 * the privacy notice promises). Meant to run on a timer on the server, where nobody waits for it, so a
 * store that cannot be reached is not thrown: it is logged and returned as a 'storage-failure' value,
 * and the next run tries again. Nothing is lost by a failed run: the requests it missed are still
 * older than the next run's cutoff. A `months` below 1 is a programming error and throws RangeError.
 */
export async function purgeExpiredQuotes(
  deps: PurgeExpiredQuotesDeps,
  now: Date,
  months: number = defaultRetentionMonths,
): Promise<PurgeExpiredQuotesResult> {
  const cutoff = retentionCutoff(now, months);
  try {
    return { ok: true, deleted: await deps.retention.deleteCreatedBefore(cutoff), cutoff };
  } catch (cause) {
    deps.logger.error('Deleting expired quote requests failed', cause);
    return { ok: false, error: { kind: 'storage-failure' } };
  }
}
