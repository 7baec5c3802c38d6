// When a yearly visit falls due, on London calendar days (yyyy-mm-dd): a day has no clock, so neither
// BST nor GMT can move it. A month later than a day that month lacks (31 Jan, 29 Feb) is that month's last.

import type { ServiceKind } from './service-words';

/** How many months before its deadline a landlord's gas safety check may be done and keep that deadline (HSE, GSIUR 1998 reg. 36(3)). */
const keepWindowMonths = 2;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `day` moved by `months` (negative for earlier), kept within the month it lands in. */
export function addMonths(day: string, months: number): string {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  const index = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(Number(match[3]), daysIn(year, month)))}`;
}

/** How far ahead staff's "Due for service" list looks, in days. */
export const dueListDays = 90;

/** The most requests the "Due for service" list holds at once. */
export const serviceDueMax = 500;

/** The last day staff's "Due for service" list reaches on `today`: the visits due by then, and those past due. */
export const dueListUntil = (today: string): string => addDays(today, dueListDays);

/** `day` moved by `days`. */
export function addDays(day: string, days: number): string {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)).toISOString().slice(0, 10);
}

/** The first day on which a check keeps the deadline `due`: 2 months before it. */
export const earliestKeeping = (due: string): string => addMonths(due, -keepWindowMonths);

/**
 * When the next visit is due after one done on `doneOn`. A boiler service: 12 months after it. A
 * landlord's gas safety check done within the 2 months before the deadline it was due by (`dueBy`)
 * keeps that deadline, so the next falls 12 months after the deadline; one done earlier (or late, or
 * the first on record) resets it to 12 months after the check.
 */
export function nextServiceDue(service: ServiceKind, doneOn: string, dueBy?: string): string {
  const keeps = service === 'gas-safety-check' && dueBy !== undefined && doneOn >= earliestKeeping(dueBy) && doneOn <= dueBy;
  return addMonths(keeps ? dueBy : doneOn, 12);
}
