import { responseClockMinutes } from '../business';
import { promiseDueAt, promiseMinutes } from './promise';

export { promiseDueAt, promiseMinutes };

const minuteMs = 60_000;

/** How long after a call nobody picked up the next try falls due. */
export const followUpMinutes = 30;

/** What the clock needs of a request. */
export interface ClockedRequest {
  createdAt: Date;
  urgent: boolean;
  /**
   * The calls nobody picked up, oldest first; absent or empty when there were none. The clock reads
   * only the first (the promise kept) and the last (when the next try is due).
   */
  callAttempts?: readonly { at: Date }[] | undefined;
}

/**
 * When the next call is due: the promise's time, or, once a call went unanswered, 30 minutes after
 * the last such call. The Waiting view's order and the waiting clock count from it.
 */
export function dueAt(request: ClockedRequest): Date {
  const last = request.callAttempts?.at(-1);
  return last === undefined ? promiseDueAt(request) : new Date(last.at.getTime() + followUpMinutes * minuteMs);
}

/**
 * When the call back came: the first call, picked up or not, so the earlier of the first unanswered
 * call and `respondedAt` (when it was marked contacted). Null while neither has happened.
 */
export function firstResponseAt(request: ClockedRequest & { respondedAt: Date | null }): Date | null {
  const firstTry = request.callAttempts?.[0]?.at;
  if (firstTry === undefined) return request.respondedAt;
  return request.respondedAt !== null && request.respondedAt.getTime() < firstTry.getTime() ? request.respondedAt : firstTry;
}

export type WaitingState = 'on-time' | 'due-soon' | 'overdue';

/** A waiting request against its promise at one moment. */
export interface WaitingClock {
  state: WaitingState;
  dueAt: Date;
  /** Whole minutes waited so far (never negative, even for a clock that runs behind). */
  waitedMinutes: number;
  /** Whole minutes until due, rounded up: 0 at the due time, negative once overdue (-1 in its first minute). */
  minutesLeft: number;
}

/**
 * How a request that is still waiting stands at `now`: on time, due soon (the last 10 minutes before
 * an urgent request's due time, the last 30 before a standard one's), or overdue once the due time
 * has passed. After a call nobody picked up, the due time is the next try's.
 */
export function waitingClock(request: ClockedRequest, now: Date): WaitingClock {
  const due = dueAt(request);
  const leftMs = due.getTime() - now.getTime();
  const dueSoon = request.urgent ? responseClockMinutes.urgentDueSoon : responseClockMinutes.standardDueSoon;
  const state: WaitingState = leftMs < 0 ? 'overdue' : leftMs <= dueSoon * minuteMs ? 'due-soon' : 'on-time';
  return {
    state,
    dueAt: due,
    waitedMinutes: Math.max(0, Math.floor((now.getTime() - request.createdAt.getTime()) / minuteMs)),
    minutesLeft: leftMs >= 0 ? Math.ceil(leftMs / minuteMs) : Math.floor(leftMs / minuteMs),
  };
}

/** Overdue and urgent (its promise, or its next try after an unanswered call): the requests whoever is on call must ring first. */
export function isOverdueUrgent(request: ClockedRequest, now: Date): boolean {
  return request.urgent && dueAt(request).getTime() < now.getTime();
}

/** How a request that has been answered did against its promise. */
export interface ResponseTime {
  minutes: number;
  withinPromise: boolean;
}

/**
 * How long the call back took, against the promise: up to `respondedAt`, or to the first call nobody
 * picked up if that came sooner (ringing in time keeps the promise, whether or not anyone answers).
 */
export function responseTime(request: ClockedRequest, respondedAt: Date): ResponseTime {
  const first = firstResponseAt({ ...request, respondedAt }) ?? respondedAt;
  const ms = Math.max(0, first.getTime() - request.createdAt.getTime());
  return { minutes: Math.floor(ms / minuteMs), withinPromise: first.getTime() <= promiseDueAt(request).getTime() };
}

/** "45 min", "2 h 5 min", "3 days 4 h" ("under 1 min" for less): a span of minutes as staff read it at a glance. */
export function describeDuration(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole === 0) return 'under 1 min';
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const mins = whole % 60;
  if (days > 0) return hours > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${hours} h` : `${days} ${days === 1 ? 'day' : 'days'}`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
