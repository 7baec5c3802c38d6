import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type OnCallShift, weekdays } from '../../domain/alerts/on-call';
import { sqlDialects } from './scratch-database.test-support';
import { jo, priya, sam, withAlertStores } from './sql-alert-store.test-support';

const weekdayShifts: OnCallShift[] = [
  { staff: sam, day: 'monday', start: '08:00', end: '18:00' },
  { staff: jo, day: 'monday', start: '18:00', end: '08:00' },
  { staff: priya, day: 'sunday', start: '00:00', end: '00:00' },
  // Order is the staff's, not the week's.
  { staff: sam, day: 'friday', start: '23:59', end: '00:01' },
];

for (const dialect of sqlDialects) {
  test(`${dialect}: the rota reads back as saved, in its order, and saving replaces it whole`, async () => {
    await withAlertStores(dialect, async ({ rota }) => {
      expect(await rota.readRota()).toEqual([]);
      await rota.saveRota(weekdayShifts);
      expect(await rota.readRota()).toEqual(weekdayShifts);
      await rota.saveRota(weekdayShifts.slice(2));
      expect(await rota.readRota()).toEqual(weekdayShifts.slice(2));
      await rota.saveRota([]);
      expect(await rota.readRota()).toEqual([]);
    });
  });

  test(`${dialect}: a shift out of form is refused and the rota before stays whole`, async () => {
    await withAlertStores(dialect, async ({ rota }) => {
      await rota.saveRota(weekdayShifts);
      for (const [shift, constraint] of [
        [{ staff: sam, day: 'monday', start: '24:00', end: '08:00' }, 'on_call_shifts_start_time'],
        [{ staff: sam, day: 'monday', start: '08:00', end: '8:00' }, 'on_call_shifts_end_time'],
        [{ staff: sam, day: 'monday', start: '08:00', end: '08:60' }, 'on_call_shifts_end_time'],
        [{ staff: sam, day: 'monday', start: '0a:00', end: '08:00' }, 'on_call_shifts_start_time'],
        [{ staff: sam, day: 'monday', start: '08:00 ', end: '09:00' }, 'on_call_shifts_start_time'],
        [{ staff: sam, day: 'funday', start: '08:00', end: '09:00' }, 'on_call_shifts_day'],
        [{ staff: '', day: 'monday', start: '08:00', end: '09:00' }, 'on_call_shifts_staff_email_length'],
      ] as const) {
        // @ts-expect-error -- a day the domain would never pass, to show the database refuses it too
        await expect(rota.saveRota([weekdayShifts[0], shift])).rejects.toThrow(constraint);
        expect(await rota.readRota()).toEqual(weekdayShifts);
      }
    });
  });

  test(`${dialect}: any rota of well-formed shifts reads back as saved`, async () => {
    await withAlertStores(dialect, async ({ rota }) => {
      const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
      const shift = fc.record({ staff: fc.constantFrom(sam, jo, priya), day: fc.constantFrom(...weekdays), start: time, end: time });
      await fc.assert(
        fc.asyncProperty(fc.array(shift, { maxLength: 30 }), async (shifts) => {
          await rota.saveRota(shifts);
          expect(await rota.readRota()).toEqual(shifts);
        }),
        { numRuns: 30 },
      );
    });
  });
}
