/** The business is in London: times in its emails are UK times, whatever the server's clock says. */
const londonFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

function londonParts(date: Date) {
  const parts = londonFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return {
    // Built from parts because ICU versions differ on the commas and the word "at" between them.
    day: `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** "Saturday 21 November 2026 at 09:05", in UK time (GMT or BST as the date has it). */
export function formatUkDateTime(date: Date): string {
  const { day, time } = londonParts(date);
  return `${day} at ${time}`;
}

/** "09:35" when the deadline falls on the same UK day as the start, else the whole date and time. */
export function formatUkDeadline(start: Date, deadline: Date): string {
  const from = londonParts(start);
  const until = londonParts(deadline);
  return from.day === until.day ? until.time : `${until.day} at ${until.time}`;
}
