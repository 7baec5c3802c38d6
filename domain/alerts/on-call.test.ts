import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { type OnCallShift, OnCallRotaSchema, onCallAt, shiftCovers, shiftMinutes, staffName, weekdays } from './on-call';

const sam = 'sam@se1plumbing.example';
const jo = 'jo@se1plumbing.example';
const staff = [sam, jo];
const shift = (overrides: Partial<OnCallShift>): OnCallShift => ({ staff: sam, day: 'monday', start: '08:00', end: '18:00', ...overrides });

test('a day shift covers its hours in London time, from its start to just before its end', () => {
  const monday = shift({});
  // 23 November 2026 is a Monday, in GMT.
  expect(shiftCovers(monday, new Date('2026-11-23T07:59:00Z'))).toBe(false);
  expect(shiftCovers(monday, new Date('2026-11-23T08:00:00Z'))).toBe(true);
  expect(shiftCovers(monday, new Date('2026-11-23T17:59:00Z'))).toBe(true);
  expect(shiftCovers(monday, new Date('2026-11-23T18:00:00Z'))).toBe(false);
  expect(shiftCovers(monday, new Date('2026-11-24T09:00:00Z'))).toBe(false);
});

test('in summer the hours are British Summer Time', () => {
  // 15 June 2026 is a Monday; 08:00 in London is 07:00 UTC.
  expect(shiftCovers(shift({}), new Date('2026-06-15T07:00:00Z'))).toBe(true);
  expect(shiftCovers(shift({}), new Date('2026-06-15T06:59:00Z'))).toBe(false);
});

test('a shift that ends at or before its start runs overnight, Sunday into Monday too', () => {
  const sundayNight = shift({ day: 'sunday', start: '18:00', end: '08:00' });
  expect(shiftMinutes(sundayNight)).toBe(14 * 60);
  expect(shiftCovers(sundayNight, new Date('2026-11-22T23:30:00Z'))).toBe(true);
  expect(shiftCovers(sundayNight, new Date('2026-11-23T07:59:00Z'))).toBe(true);
  expect(shiftCovers(sundayNight, new Date('2026-11-23T08:00:00Z'))).toBe(false);
  expect(shiftMinutes(shift({ start: '00:00', end: '00:00' }))).toBe(24 * 60);
});

test('whoever is on call, or everyone when the rota names nobody for the moment', () => {
  const rota = [shift({ staff: sam }), shift({ staff: jo, day: 'tuesday' })];
  expect(onCallAt(rota, staff, new Date('2026-11-23T12:00:00Z'))).toEqual({ staff: [sam], everyone: false });
  expect(onCallAt(rota, staff, new Date('2026-11-23T20:00:00Z'))).toEqual({ staff, everyone: true });
  expect(onCallAt([], staff, new Date('2026-11-23T12:00:00Z'))).toEqual({ staff, everyone: true });
  // Someone since removed from the staff is on call for nobody.
  expect(onCallAt([shift({ staff: 'gone@se1plumbing.example' })], staff, new Date('2026-11-23T12:00:00Z'))).toEqual({ staff, everyone: true });
});

test('whatever the rota and moment, someone on the staff is on call, and only staff', () => {
  const shiftArb = fc.record({
    staff: fc.constantFrom(sam, jo, 'gone@se1plumbing.example'),
    day: fc.constantFrom(...weekdays),
    start: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    end: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  });
  fc.assert(
    fc.property(fc.array(shiftArb, { maxLength: 10 }), fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), (rota, moment) => {
      const onCall = onCallAt(rota, staff, moment);
      expect(onCall.staff.length).toBeGreaterThan(0);
      expect(onCall.staff.every((email) => staff.includes(email))).toBe(true);
      expect(onCall.everyone).toBe(!rota.some((s) => staff.includes(s.staff) && shiftCovers(s, moment)));
    }),
  );
});

test('a rota is checked field by field', () => {
  const result = v.safeParse(OnCallRotaSchema, [shift({}), { staff: 'not an email', day: 'someday', start: '25:00', end: '8am' }]);
  expect(result.success).toBe(false);
  const issues = result.issues?.map((issue) => [v.getDotPath(issue), issue.message]);
  expect(issues).toEqual([
    ['1.staff', 'Enter an email address like name@example.co.uk'],
    ['1.day', 'Day must be a day of the week'],
    ['1.start', 'Start must be a time like 08:00'],
    ['1.end', 'End must be a time like 08:00'],
  ]);
});

test('staff go by the first word of their email, capitalised', () => {
  expect(staffName('sam.jones@se1plumbing.example')).toBe('Sam');
  expect(staffName('jo_mensah@example.co.uk')).toBe('Jo');
  expect(staffName('staff@localhost')).toBe('Staff');
  expect(staffName('e2e-staff@example.co.uk')).toBe('E2e');
});
