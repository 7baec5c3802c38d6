import type { InboxSeed } from '../adapters/memory/in-memory-quote-repository';
import type { QuoteStatus, StatusChange } from '../domain/inbox/quote-status';
import { type SpamSignal, spamWeights } from '../domain/spam/spam';
import { sampleRequest } from '../fixtures/sample-request.test-support';

/** The moment the inbox's tests are read at: a Friday in November, when London is on GMT. */
export const testNow = new Date('2026-11-20T12:00:00Z');

/** `minutes` before {@link testNow}. */
export const minutesBefore = (minutes: number) => new Date(testNow.getTime() - minutes * 60_000);

/**
 * A request received `minutesAgo` before testNow, still waiting unless `extra` says otherwise: a
 * heating job on one phone number, with nothing written, so a test's filters and searches find only
 * what it gives.
 */
export function request(id: string, name: string, minutesAgo: number, extra: Partial<InboxSeed> = {}): InboxSeed {
  return {
    ...sampleRequest({
      id,
      createdAt: minutesBefore(minutesAgo),
      name,
      email: `${id}@example.co.uk`,
      phone: '020 7946 0381',
      serviceType: 'heating',
      description: null,
    }),
    ...extra,
  };
}

/** Answered `respondedMinutesAgo` before testNow, by a colleague, and now at `status`. */
export function answered(seed: InboxSeed, respondedMinutesAgo: number, status: Exclude<QuoteStatus, 'new'> = 'contacted'): InboxSeed {
  const respondedAt = minutesBefore(respondedMinutesAgo);
  const by = 'sam@example.co.uk';
  const history: StatusChange[] = [{ from: 'new', to: 'contacted', by, at: respondedAt }];
  if (status !== 'contacted') history.push({ from: 'contacted', to: status, by, at: respondedAt });
  return { ...seed, status, respondedAt, history };
}

/** Held in the Spam folder since it was sent, for the reasons given (their weights as the rules give them). */
export function heldAsSpam(seed: InboxSeed, signals: readonly SpamSignal[]): InboxSeed {
  const reasons = signals.map((signal) => ({ signal, weight: spamWeights[signal] }));
  const score = reasons.reduce((sum, { weight }) => sum + weight, 0);
  return { ...seed, spam: { score, reasons, sentAt: seed.createdAt, cleared: null } };
}
