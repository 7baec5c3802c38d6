import { responseClockMinutes, responsePromise } from '../business';

const minuteMs = 60_000;

/** What the clock needs of a request. */
export interface ClockedRequest {
  createdAt: Date;
  urgent: boolean;
}

/** 30 minutes for an urgent request, 2 hours for any other. */
export function promiseMinutes({ urgent }: Pick<ClockedRequest, 'urgent'>): number {
  return urgent ? responsePromise.urgentMinutes : responsePromise.standardMinutes;
}

/** When the call back is due: the promise counted from the moment the request was stored. */
export function dueAt(request: ClockedRequest): Date {
  return new Date(request.createdAt.getTime() + promiseMinutes(request) * minuteMs);
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
 * How a request that is still waiting stands at `now`: on time, due soon (the last 10 minutes of
 * an urgent promise, the last 30 of a standard one), or overdue once the due time has passed.
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

/** Overdue and urgent: the requests whoever is on call must ring first. */
export function isOverdueUrgent(request: ClockedRequest, now: Date): boolean {
  return request.urgent && dueAt(request).getTime() < now.getTime();
}

/** How a request that has been answered did against its promise. */
export interface ResponseTime {
  minutes: number;
  withinPromise: boolean;
}

export function responseTime(request: ClockedRequest, respondedAt: Date): ResponseTime {
  const ms = Math.max(0, respondedAt.getTime() - request.createdAt.getTime());
  return { minutes: Math.floor(ms / minuteMs), withinPromise: respondedAt.getTime() <= dueAt(request).getTime() };
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
