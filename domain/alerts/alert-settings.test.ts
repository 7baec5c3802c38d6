import { expect, test } from 'vitest';
import { parseRota, RotaRejected, saveOnCallRota } from './alert-settings';
import { rotaMaxShifts } from './on-call';
import type { AlertSettings } from '../ports/alert-settings';
import { NotSignedIn } from '../staff/staff';

const sam = 'sam@example.co.uk';
const shift = { staff: sam, day: 'monday', start: '08:00', end: '18:00' } as const;

/** Settings whose saveRota does what the test says; nothing else is called. */
function settingsSaving(save: AlertSettings['saveRota']): AlertSettings & { saved: number } {
  const settings = {
    saved: 0,
    saveRota: async (shifts: Parameters<AlertSettings['saveRota']>[0]) => {
      settings.saved++;
      await save(shifts);
    },
    pushKey: () => Promise.reject(new Error('not used')),
    devices: () => Promise.reject(new Error('not used')),
    addDevice: () => Promise.reject(new Error('not used')),
    removeDevice: () => Promise.reject(new Error('not used')),
    sendTestAlert: () => Promise.reject(new Error('not used')),
    rota: () => Promise.reject(new Error('not used')),
  };
  return settings;
}

test('each issue with a rota names its shift and field as the wire does, once per field', () => {
  expect(parseRota([shift, { staff: 'not an email', day: 'someday', start: '8', end: '18:00' }])).toEqual({
    ok: false,
    issues: [
      { field: 'shifts.1.staff', message: expect.any(String) as string },
      { field: 'shifts.1.day', message: 'Day must be a day of the week' },
      { field: 'shifts.1.start', message: 'Start must be a time like 08:00' },
    ],
  });
});

test('a rota too long is an issue with the list itself', () => {
  const parsed = parseRota(Array.from({ length: rotaMaxShifts + 1 }, () => shift));
  expect(parsed).toEqual({ ok: false, issues: [{ field: 'shifts', message: `The rota holds at most ${rotaMaxShifts} shifts` }] });
});

test('a rota breaking a rule is never sent to be saved', async () => {
  const settings = settingsSaving(() => Promise.resolve());
  const result = await saveOnCallRota({ alerts: settings, logger: { error: () => undefined } }, [{ ...shift, end: '' }]);
  expect(result).toEqual({ ok: false, error: { kind: 'invalid-rota', issues: [{ field: 'shifts.0.end', message: 'End must be a time like 08:00' }] } });
  expect(settings.saved).toBe(0);
});

test('what the backend refuses, a lapsed session, and a failure each come back as their own value', async () => {
  const logged: string[] = [];
  const logger = { error: (message: string) => void logged.push(message) };
  const refused = new RotaRejected([{ field: 'shifts.0.staff', message: 'Choose someone from the staff list' }]);

  expect(await saveOnCallRota({ alerts: settingsSaving(() => Promise.reject(refused)), logger }, [shift])).toEqual({ ok: false, error: { kind: 'invalid-rota', issues: refused.issues } });
  expect(await saveOnCallRota({ alerts: settingsSaving(() => Promise.reject(new NotSignedIn())), logger }, [shift])).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(await saveOnCallRota({ alerts: settingsSaving(() => Promise.reject(new Error('down'))), logger }, [shift])).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(logged).toEqual(['Saving the on-call rota failed']);
  expect(await saveOnCallRota({ alerts: settingsSaving(() => Promise.resolve()), logger }, [{ ...shift, start: ' 08:00' }])).toEqual({ ok: true, shifts: [shift] });
});
