/** The IANA name of London's time zone, for whatever else keeps its own calendar (PostgreSQL). */
export const londonTimeZone = 'Europe/London';

/** The business and its staff are in London, whatever the clock of the device or server. */
const londonFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: londonTimeZone,
});

/** A moment as London's calendar and wall clock show it (GMT or BST, as the date has it). */
export function londonParts(date: Date): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts = londonFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** "2026-11-21 09:05": sortable, and read as a date and time by spreadsheets. */
export function formatLondonIso(date: Date): string {
  const { year, month, day, hour, minute } = londonParts(date);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/**
 * The moment a London calendar day (yyyy-mm-dd) begins, for date filters. London is UTC or UTC+1, so
 * the day starts at midnight UTC or an hour before; the one whose London date is the day is it.
 */
export function londonDayStart(isoDay: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return undefined;
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== isoDay) return undefined;
  for (const offsetHours of [1, 0]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    const { year, month, day, hour, minute } = londonParts(candidate);
    if (`${year}-${month}-${day}` === isoDay && hour === '00' && minute === '00') return candidate;
  }
  return undefined;
}

/** The London calendar day (yyyy-mm-dd) a moment falls on. */
export function londonDay(date: Date): string {
  const { year, month, day } = londonParts(date);
  return `${year}-${month}-${day}`;
}

/** hh:mm in London time, as a card says when something happened today: "15:42". */
export function londonClock(date: Date): string {
  const { hour, minute } = londonParts(date);
  return `${hour}:${minute}`;
}

/** The moment London's clock shows `time` (HH:MM) on `isoDay`; undefined for a day or time that is not one (or an hour the clocks skip). */
export function londonMoment(isoDay: string, time: string): Date | undefined {
  const start = londonDayStart(isoDay);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (start === undefined || !match) return undefined;
  const utc = Date.parse(`${isoDay}T${time}:00Z`);
  for (const offsetHours of [1, 0]) {
    const candidate = new Date(utc - offsetHours * 3_600_000);
    const parts = londonParts(candidate);
    if (`${parts.year}-${parts.month}-${parts.day}` === isoDay && `${parts.hour}:${parts.minute}` === time) return candidate;
  }
  return undefined;
}
