import type { Activity, ActivityStep } from '../activity/activity';
import { londonDay } from '../london-time';
import { repeatOf, serviceReminderOf } from './service-reminder';

/**
 * The steps that tie a request booked through a reminder's "Book my service" to the request whose
 * reminder it was: on that one, that the next visit was asked for (its reminders stop: the first time
 * only); on the new one, what it repeats. None for a request that never had a reminder.
 */
export function repeatVisitSteps(earlier: { id: string; log: readonly Activity[] }, laterId: string): { onEarlier: ActivityStep[]; onLater: ActivityStep[] } | null {
  const reminder = serviceReminderOf(earlier.log);
  if (reminder === null) return null;
  return {
    onEarlier: reminder.booked === null ? [{ kind: 'service-booked', request: laterId }] : [],
    onLater: [{ kind: 'repeat-of', request: earlier.id, service: reminder.service, lastDone: reminder.doneOn, due: reminder.due }],
  };
}

/**
 * The cycle starting again: a request booked through a reminder, marked done at `at`, is reminded of
 * the same visit next year, as the customer agreed for the one before; none once it has a reminder of its own.
 */
export function nextCycleStep(log: readonly Activity[], at: Date): ActivityStep | null {
  const repeat = repeatOf(log);
  if (repeat === null || serviceReminderOf(log) !== null) return null;
  return { kind: 'reminder-set', service: repeat.service, doneOn: londonDay(at), agreed: true };
}
