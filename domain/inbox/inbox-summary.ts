import type { ClockRecord, QuoteInbox } from '../ports/quote-inbox';
import type { Logger } from '../ports/logger';
import { dueAt, firstResponseAt, promiseDueAt, responseTime } from './response-clock';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

/** The periods the summary looks back over, in days. */
export const summaryPeriods = [7, 30] as const;

/** How the business kept its promise over one period, counting the requests received in it. */
export interface PeriodStats {
  days: (typeof summaryPeriods)[number];
  /** Requests received in the period that have been called back: picked up, or rung with nobody answering. */
  answered: number;
  /** The median response time of those, in minutes; null when none has been answered. */
  medianMinutes: number | null;
  /**
   * Of the requests whose promise has come due (or that were answered sooner), the share answered
   * within it, 0 to 1: one still waiting past its due time counts against it. Null when none is due.
   */
  withinPromiseShare: number | null;
}

export interface InboxSummary {
  /** Requests waiting for their call back now. */
  waiting: number;
  /** Of those, the ones past their promise. */
  overdue: number;
  periods: readonly PeriodStats[];
}

const dayMs = 24 * 60 * 60_000;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  // Whole minutes: half a minute means nothing to someone reading "median 14 min".
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

/** The summary above the inbox, from the records a store gives (see QuoteInbox.clockRecords). */
export function summariseInbox(records: readonly ClockRecord[], now: Date): InboxSummary {
  const waiting = records.filter((record) => record.respondedAt === null);
  const periods = summaryPeriods.map((days): PeriodStats => {
    const since = now.getTime() - days * dayMs;
    const received = records.filter((record) => record.createdAt.getTime() >= since && record.createdAt.getTime() <= now.getTime());
    // A call nobody picked up keeps the promise as one answered does: each is timed to its first call.
    const firstCalls = received.map((record) => ({ record, first: firstResponseAt(record) }));
    const times = firstCalls.flatMap(({ record, first }) => (first === null ? [] : [responseTime(record, first)]));
    const overdueUnanswered = firstCalls.filter(({ record, first }) => first === null && promiseDueAt(record).getTime() < now.getTime()).length;
    const decided = times.length + overdueUnanswered;
    return {
      days,
      answered: times.length,
      medianMinutes: median(times.map(({ minutes }) => minutes)),
      withinPromiseShare: decided === 0 ? null : times.filter(({ withinPromise }) => withinPromise).length / decided,
    };
  });
  return {
    waiting: waiting.length,
    // Past its promise, or past the next try after a call nobody picked up.
    overdue: waiting.filter((record) => dueAt(record).getTime() < now.getTime()).length,
    periods,
  };
}

export interface InboxSummaryDeps {
  inbox: Pick<QuoteInbox, 'clockRecords'>;
  logger: Logger;
}

export type InboxSummaryResult = { ok: true; summary: InboxSummary } | { ok: false; error: StaffFailure };

/** The summary at `now`: what is waiting, what is overdue, and the last 7 and 30 days' response times. */
export async function inboxSummary(deps: InboxSummaryDeps, now: Date): Promise<InboxSummaryResult> {
  const longest = Math.max(...summaryPeriods);
  try {
    const records = await deps.inbox.clockRecords(new Date(now.getTime() - longest * dayMs));
    return { ok: true, summary: summariseInbox(records, now) };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Reading the response times') };
  }
}
