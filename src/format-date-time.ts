/** The business and its staff are in London, whatever the clock of the device reading the list. */
const londonTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

/** dd/mm/yyyy hh:mm in UK time, as staff read dates. */
export function formatDateTime(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    londonTime.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
