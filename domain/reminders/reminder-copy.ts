import { business } from '../business';
import { londonDay } from '../london-time';
import { dueListDays } from './service-due';
import type { ServiceKind } from './service-words';
import type { RepeatOf, ServiceReminder } from './service-reminder';
import { describeDay, serviceLabels } from './service-words';

export { describeDay } from './service-words';

/** Every text of the yearly reminders: the staff's form and card, the customer's page, the emails and the stop page. */
export const reminderCopy = {
  services: serviceLabels,
  /** On a done job's card, for staff. */
  staff: {
    heading: 'Yearly reminder',
    /** The panel's title once a reminder was set: where it stands. */
    summary: (line: string) => `Yearly reminder: ${line}`,
    service: 'Reminder for',
    doneOn: 'Date the work was done',
    agreed: 'The customer agreed to be reminded',
    set: 'Set reminder',
    stop: 'Stop reminders',
  },
  /** The "Due for service" list. */
  dueList: {
    heading: 'Due for service',
    lead: `Reminders falling due in the next ${dueListDays} days, and any past due not yet booked.`,
    empty: `No services fall due in the next ${dueListDays} days.`,
    overdue: 'Past due',
    description: 'The yearly boiler services and landlord gas safety checks falling due, for staff.',
    loading: 'Loading the services due…',
    failed: 'The services due could not be read. Check the connection and try again.',
    retry: 'Try again',
    due: (day: string) => `Due ${describeDay(day, 'short')}`,
    reminded: (days: readonly string[]) => (days.length === 0 ? 'Not reminded yet' : `Reminded ${days.map((day) => describeDay(day, 'no-year')).join(', ')}`),
  },
  /** On the customer's own page, once the job is done. */
  customer: {
    heading: 'Your next service',
    offer: 'Remind me when my next service is due',
    offerLead: 'We will send one email a few weeks before it is due, and one more two weeks later. Nothing else, and you can stop them at any time.',
    stop: 'Stop',
    stopped: 'Reminders stopped. We will not remind you again.',
    setDone: 'Reminder set.',
    /** While one stands: what is due, and by when. */
    due: (service: ServiceKind, due: string) => `Your ${reminderCopy.services[service].toLowerCase()} is next due by ${describeDay(due)}.`,
    standing: 'We will email you a few weeks before, and once more two weeks later. Nothing else.',
    stopLead: 'Would rather not be reminded?',
    notDone: 'A reminder can be set once the job is done.',
  },
  email: {
    subject: (service: ServiceKind, due: string) =>
      service === 'boiler-service' ? `Your boiler service is due by ${describeDay(due)}` : `Your landlord gas safety check is due by ${describeDay(due)}`,
    againSubject: (service: ServiceKind, due: string) => `Reminder: ${reminderCopy.email.subject(service, due).replace(/^Your/, 'your')}`,
    done: (service: ServiceKind, doneOn: string) =>
      service === 'boiler-service'
        ? `${business.name} serviced your boiler on ${describeDay(doneOn)}. A boiler is serviced once a year, so its next service is due by the date above.`
        : `${business.name} did your landlord gas safety check on ${describeDay(doneOn)}. The check is needed every 12 months, and its record kept for 2 years.`,
    keeps: (keepsFrom: string, due: string) =>
      `A check done between ${describeDay(keepsFrom)} and ${describeDay(due)} keeps ${describeDay(due, 'no-year')} as the deadline for the year after.`,
    book: 'Book my service',
    again: 'This is the second and last reminder for this visit.',
    why: 'You asked us to remind you when this visit is due.',
    stopLine: 'Would rather not get these reminders?',
    stop: 'Stop reminders',
  },
  /** The page "Stop reminders" opens, and what it says once done. */
  stopPage: {
    /** The customer's page, once it has expired, when a reminder's stop link opens it (Supabase). */
    pageTitle: 'Your service reminders',
    title: 'Stop service reminders',
    lead: `${business.name} will not send this address service reminders again. Nothing else changes: we still call back about any request you send.`,
    confirm: 'Stop reminders',
    doneTitle: 'Reminders stopped',
    done: `${business.name} will not send this address service reminders again.`,
  },
} as const;

/**
 * A request's reminder as its card says it: "Next service due 14 Oct 2027 · reminded 2 Sep", or that it
 * was booked or stopped.
 */
export function describeServiceReminder(reminder: ServiceReminder): string {
  const due = `Next service due ${describeDay(reminder.due, 'short')}`;
  if (reminder.booked !== null) return `${due} · booked ${describeDay(londonDay(reminder.booked.at), 'no-year')}`;
  if (reminder.stopped !== null) return `${due} · reminders stopped`;
  const reminded = reminder.reminded.map((at) => describeDay(londonDay(at), 'no-year'));
  return reminded.length === 0 ? due : `${due} · reminded ${reminded.join(', ')}`;
}

/** A request booked through a reminder, as its card says it: "Repeat customer · last service 14 Oct 2026". */
export const describeRepeat = (repeat: RepeatOf): string => `Repeat customer · last service ${describeDay(repeat.lastDone, 'short')}`;

/**
 * The earliest day a landlord's check keeps its deadline, for staff and the customer: "A check from 14
 * Aug 2027 keeps 14 Oct as the deadline"; null for a boiler service, whose date has no window.
 */
export const describeKeepWindow = (reminder: { due: string; keepsFrom: string | null }): string | null =>
  reminder.keepsFrom === null ? null : `A check from ${describeDay(reminder.keepsFrom, 'short')} keeps ${describeDay(reminder.due, 'no-year')} as the deadline`;

/** What a reminder's stop link says when it leads nowhere. */
export const unknownReminderLink = 'This link is not one we know. If you copied it from an email, check it is whole.';
