import { responsePromise } from '../business';

const minuteMs = 60_000;

/** 30 minutes for an urgent request, 2 hours for any other. */
export function promiseMinutes({ urgent }: { urgent: boolean }): number {
  return urgent ? responsePromise.urgentMinutes : responsePromise.standardMinutes;
}

/**
 * When the promise runs out: counted from the moment the request was stored. Kept apart from the
 * response clock so the thanks and the customer's page carry only this, not the whole clock.
 */
export function promiseDueAt(request: { createdAt: Date; urgent: boolean }): Date {
  return new Date(request.createdAt.getTime() + promiseMinutes(request) * minuteMs);
}
