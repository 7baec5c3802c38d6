import { londonParts } from '../../domain/london-time';

// The business is in London: times in its emails are UK times, whatever the server's clock says.
// The day's names come from its London date, read at UTC, so only the names depend on Intl.
const weekdayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

function ukParts(date: Date) {
  const { year, month, day, hour, minute } = londonParts(date);
  const londonDate = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return {
    // Built from parts because ICU versions differ on the commas and the word "at" between them.
    day: `${weekdayName.format(londonDate)} ${Number(day)} ${monthName.format(londonDate)} ${year}`,
    time: `${hour}:${minute}`,
  };
}

/** "Saturday 21 November 2026 at 09:05", in UK time (GMT or BST as the date has it). */
export function formatUkDateTime(date: Date): string {
  const { day, time } = ukParts(date);
  return `${day} at ${time}`;
}

/** "09:35" when the deadline falls on the same UK day as the start, else the whole date and time. */
export function formatUkDeadline(start: Date, deadline: Date): string {
  const from = ukParts(start);
  const until = ukParts(deadline);
  return from.day === until.day ? until.time : `${until.day} at ${until.time}`;
}
