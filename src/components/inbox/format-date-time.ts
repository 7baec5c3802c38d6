import { londonParts } from '../../../domain/london-time';

/** dd/mm/yyyy hh:mm in UK time, as staff read dates, whatever the clock of the device reading the list. */
export function formatDateTime(date: Date): string {
  const { day, month, year, hour, minute } = londonParts(date);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}
