// How many calls nobody answered ("Called, no answer") are recorded. Each one lengthens the card and
// the request's log and puts its next try 30 minutes on, so a button held down, or a script with a
// staff session, must not write them without end. The figures, and why: docs/staff-guide.md.

const minuteMs = 60_000;

/** Each limit on calls nobody answered: how many, over what rolling window, counted on what. */
export const callAttemptLimits = {
  /** A call and its redial at each of the two tries the clock asks for in an hour. */
  'request-hour': { most: 4, windowMs: 60 * minuteMs, on: 'request' },
  /** Three hours of such tries; past that a request nobody answers wants a text or an email, not a thirteenth call. */
  'request-day': { most: 12, windowMs: 24 * 60 * minuteMs, on: 'request' },
  /** A call nobody answers rings for 20 seconds or more: three a minute is a fast hand, six leaves room for a redial. */
  'staff-minute': { most: 6, windowMs: minuteMs, on: 'staff' },
} as const;

export type CallAttemptLimit = keyof typeof callAttemptLimits;

/** The longest window a limit looks back over: what a store need read of the calls before one. */
export const callAttemptLookbackMs = Math.max(...Object.values(callAttemptLimits).map(({ windowMs }) => windowMs));

/** The calls a store reads before recording one at `at`: the request's, and the recording staff member's, within the lookback. */
export interface RecentCalls {
  request: readonly Date[];
  staff: readonly Date[];
}

/**
 * The limit a call at `at` breaks, and from when the next may be recorded (when enough calls have left
 * its window); of several, the one that frees last, so that time is one the call is taken at. Null when
 * it may be recorded now.
 */
export function callAttemptOverLimit(recent: RecentCalls, at: Date): { limit: CallAttemptLimit; until: Date } | null {
  let over: { limit: CallAttemptLimit; until: Date } | null = null;
  for (const [limit, { most, windowMs, on }] of Object.entries(callAttemptLimits) as [CallAttemptLimit, (typeof callAttemptLimits)[CallAttemptLimit]][]) {
    const inWindow = recent[on]
      .map((call) => call.getTime())
      .filter((time) => time > at.getTime() - windowMs && time <= at.getTime())
      .sort((a, b) => a - b);
    if (inWindow.length < most) continue;
    // Room again once the call `most` places from the end has left the window.
    const until = (inWindow[inWindow.length - most] ?? at.getTime()) + windowMs;
    if (over === null || until > over.until.getTime()) over = { limit, until: new Date(until) };
  }
  return over;
}
