import * as v from 'valibot';
import { londonParts } from '../london-time';
import { StaffEmailSchema } from '../staff/staff';

/** The days of the rota, Monday first, as staff plan a week. */
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayLabels: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/**
 * One person on call for a stretch of one week day, in London wall-clock time ("08:00" to "18:00").
 * A shift whose end is at or before its start runs overnight into the next day ("18:00" to "08:00");
 * one that ends where it starts lasts the whole 24 hours.
 */
export interface OnCallShift {
  /** The staff member's email. */
  staff: string;
  day: Weekday;
  start: string;
  end: string;
}

/** The most shifts a rota holds: more than four people each on call every part of every day. */
export const rotaMaxShifts = 200;

const time = (label: string) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 08:00`));

export const OnCallShiftSchema = v.object({
  staff: StaffEmailSchema,
  day: v.picklist(weekdays, 'Day must be a day of the week'),
  start: time('Start'),
  end: time('End'),
});

export const OnCallRotaSchema = v.pipe(
  v.array(OnCallShiftSchema, 'The rota must be a list of shifts'),
  v.maxLength(rotaMaxShifts, `The rota holds at most ${rotaMaxShifts} shifts`),
);

const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const minutesInDay = 24 * 60;
const minutesInWeek = 7 * minutesInDay;

/** How many minutes a shift lasts: up to the next day when it runs overnight, 24 hours when its ends meet. */
export function shiftMinutes({ start, end }: Pick<OnCallShift, 'start' | 'end'>): number {
  const length = minutesOfDay(end) - minutesOfDay(start);
  return length > 0 ? length : length + minutesInDay;
}

/** The minute of the London week a moment falls in: 0 at Monday 00:00. */
function londonMinuteOfWeek(at: Date): number {
  const { year, month, day, hour, minute } = londonParts(at);
  const sundayFirst = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay();
  return ((sundayFirst + 6) % 7) * minutesInDay + Number(hour) * 60 + Number(minute);
}

/** Whether the shift covers the moment: from its start, inclusive, to its end, exclusive. */
export function shiftCovers(shift: OnCallShift, at: Date): boolean {
  const start = weekdays.indexOf(shift.day) * minutesInDay + minutesOfDay(shift.start);
  const sinceStart = (londonMinuteOfWeek(at) - start + minutesInWeek) % minutesInWeek;
  return sinceStart < shiftMinutes(shift);
}

/** Who is on call at a moment: named people, or everyone when the rota names nobody for it. */
export interface OnCall {
  staff: readonly string[];
  everyone: boolean;
}

/**
 * Who is on call at `at`, among the staff who have accounts: those whose shifts cover it, or every
 * staff member when nobody's does (an empty rota, a gap in it, or shifts only of people since removed),
 * so a request is never left with nobody to alert.
 */
export function onCallAt(rota: readonly OnCallShift[], staff: readonly string[], at: Date): OnCall {
  const named = staff.filter((email) => rota.some((shift) => shift.staff === email && shiftCovers(shift, at)));
  return named.length > 0 ? { staff: named, everyone: false } : { staff: [...staff], everyone: true };
}

/**
 * The name staff go by, from their email: the first word of the part before the @, capitalised
 * ("sam.jones@example.co.uk" is Sam). Staff accounts hold only an email, and a card says "Taken by Sam".
 */
export function staffName(email: string): string {
  const first = email.split('@')[0]?.split(/[._+-]/).find((word) => word.length > 0) ?? email;
  return first.charAt(0).toUpperCase() + first.slice(1);
}
