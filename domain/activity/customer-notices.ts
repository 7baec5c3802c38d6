import type { Activity } from './activity';

// What the customer's own page says of their request's log, and the words of a booked arrival: apart
// from activity-copy.ts so that the customer's page and the form that links to it load nothing else.

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "8", "9:30" or "12" with its half of the day, from HH:MM. */
function twelveHour(time: string): { time: string; half: 'am' | 'pm' } {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return { time: minutes === 0 ? String(hour) : `${hour}:${String(minutes).padStart(2, '0')}`, half: hours < 12 ? 'am' : 'pm' };
}

/**
 * An arrival window as the card reads it, "Tue 3 Dec · 8–10am" (or "10am–12pm" across noon), or as the
 * customer's page does, "Tuesday 3 December between 8am and 10am". The day is London's, as staff chose it.
 */
export function describeArrival({ day, from, to }: { day: string; from: string; to: string }, form: 'short' | 'long' = 'short'): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? '';
  const monthName = months[month - 1] ?? '';
  const start = twelveHour(from);
  const end = twelveHour(to);
  if (form === 'long') return `${weekday} ${date} ${monthName} between ${start.time}${start.half} and ${end.time}${end.half}`;
  const window = start.half === end.half ? `${start.time}–${end.time}${end.half}` : `${start.time}${start.half}–${end.time}${end.half}`;
  return `${weekday.slice(0, 3)} ${date} ${monthName.slice(0, 3)} · ${window}`;
}

/**
 * What the customer's own page tells them of each kind of step that is theirs to know, beyond where their
 * request stands and the messages they sent (shown apart): never who took it. Kinds not listed say nothing.
 */
const customerNotices: { [Kind in Activity['kind']]?: (entry: Extract<Activity, { kind: Kind }>) => string } = {
  'arrival-booked': (entry) => `We'll come on ${describeArrival(entry, 'long')}`,
};

/** The lines the customer's page shows from a request's log: the latest of each kind that says something, oldest first. */
export function customerNoticesOf(log: readonly Activity[]): string[] {
  const latest = new Map<Activity['kind'], string>();
  for (const entry of log) {
    // Each kind's notice takes that kind; TypeScript cannot follow the pairing through the index.
    const notice = customerNotices[entry.kind] as ((entry: Activity) => string) | undefined;
    if (notice !== undefined) {
      latest.delete(entry.kind);
      latest.set(entry.kind, notice(entry));
    }
  }
  return [...latest.values()];
}
