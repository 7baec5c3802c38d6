import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { inboxCopy } from '../../domain/inbox/inbox-copy';
import type { OnCallShift } from '../../domain/alerts/on-call';
import { NotSignedIn } from '../../domain/staff/staff';
import { submitQuote } from '../../domain/quote/submit-quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { vapidPublicKey } from './fake-supabase-project.test-support';
import { memberAccount, messageOf, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseAlertSettings } from './supabase-alert-settings';
import { SupabaseNotifier } from './supabase-notifier';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

// The alert settings over a fake Supabase project: PostgREST running our migrations on PostgreSQL, and
// the send-quote-alert function's real handler with a recording push sender.

const { server, supabaseProject } = mockSupabase();

const phone = {
  endpoint: 'https://push.example.net/send/abc123',
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'AAAAAAAAAAAAAAAAAAAAAA',
  label: 'Chrome on Android',
};

async function signedIn(email = staffAccount.email) {
  const project = await supabaseProject();
  project.storeSession(email);
  return { project, settings: new SupabaseAlertSettings({ client: project.connect() }) };
}

test('a staff member gets the push key, turns alerts on, sees the device, and removes it once', async () => {
  const { project, settings } = await signedIn();
  expect(await settings.pushKey()).toBe(vapidPublicKey);
  const added = await settings.addDevice(phone);
  expect(added).toEqual({ id: expect.any(String) as unknown, label: 'Chrome on Android', createdAt: expect.any(Date) as unknown, lastAlertAt: null });
  // Turned on again in the same browser: the one subscription, relabelled.
  const again = await settings.addDevice({ ...phone, label: 'Chrome on Pixel' });
  expect(again.id).toBe(added.id);
  expect(await settings.devices()).toEqual([{ ...added, label: 'Chrome on Pixel' }]);

  expect(await settings.removeDevice(added.id)).toBe(true);
  expect(await settings.removeDevice(added.id)).toBe(false);
  expect(await settings.removeDevice('not-an-id')).toBe(false);
  expect(await settings.devices()).toEqual([]);
  expect((await project.state.database.owner.query('select count(*)::int as n from public.push_devices')).rows).toEqual([{ n: 0 }]);
});

test('"Send a test alert" pushes to each of the staff member\'s devices and says how many took it', async () => {
  const { project, settings } = await signedIn();
  await settings.addDevice(phone);
  await settings.addDevice({ ...phone, endpoint: 'https://push.example.net/send/gone', label: 'Old phone' });

  expect(await settings.sendTestAlert()).toEqual({ delivered: 1, failed: 1 });
  expect(project.state.pushes).toEqual([{ endpoint: phone.endpoint, message: { kind: 'test', sentAt: expect.any(String) as unknown } }]);
  // The push service said the old phone's subscription is gone: it is removed.
  expect((await settings.devices()).map(({ label }) => label)).toEqual(['Chrome on Android']);
  expect((await settings.devices())[0]?.lastAlertAt).toBeInstanceOf(Date);
});

test('the rota is saved whole, read back with every staff member, and a bad one is refused naming the problem', async () => {
  const { settings } = await signedIn();
  expect(await settings.rota()).toEqual({ shifts: [], staff: [staffAccount.email] });
  const shifts: OnCallShift[] = [
    { staff: staffAccount.email, day: 'monday', start: '08:00', end: '18:00' },
    { staff: staffAccount.email, day: 'friday', start: '18:00', end: '08:00' },
  ];
  await settings.saveRota(shifts);
  expect(await settings.rota()).toEqual({ shifts, staff: [staffAccount.email] });

  await expect(settings.saveRota([{ ...shifts[0], day: 'someday' } as unknown as OnCallShift])).rejects.toThrow(/^Saving the on-call rota failed: .*Day must be a day of the week/);
  await expect(settings.saveRota([{ staff: memberAccount.email, day: 'monday', start: '08:00', end: '09:00' }])).rejects.toThrow(
    /Shift 1: staff must be the email of a staff member/,
  );
  expect((await settings.rota()).shifts).toEqual(shifts);
});

test('someone signed in who is not staff, or nobody, is not signed in as staff', async () => {
  const { settings } = await signedIn(memberAccount.email);
  await expect(settings.pushKey()).resolves.toBe(vapidPublicKey);
  await expect(settings.addDevice(phone)).rejects.toBeInstanceOf(NotSignedIn);
  await expect(settings.sendTestAlert()).rejects.toBeInstanceOf(NotSignedIn);
  await expect(settings.rota()).rejects.toBeInstanceOf(NotSignedIn);
  await expect(settings.saveRota([])).rejects.toBeInstanceOf(NotSignedIn);

  const project = await supabaseProject();
  const nobody = new SupabaseAlertSettings({ client: project.connect() });
  await expect(nobody.devices()).rejects.toBeInstanceOf(NotSignedIn);
  await expect(nobody.pushKey()).rejects.toBeInstanceOf(NotSignedIn);
  expect(project.state.seen).toEqual([]);
});

test('a visitor\'s request alerts the staff member on call at once, with a token that takes it once', async () => {
  const project = await supabaseProject();
  const staff = project.state.users.find(({ email }) => email === staffAccount.email);
  await project.state.database.owner.query('insert into public.push_devices (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, $5)', [
    staff?.id,
    phone.endpoint,
    phone.p256dh,
    phone.auth,
    phone.label,
  ]);
  // The visitor's page: no session at all.
  const visitor = project.connect();
  const { logger, errors } = recordingLogger();
  const result = await submitQuote({ quotes: new SupabaseQuoteRepository({ client: visitor }), notifier: new SupabaseNotifier({ client: visitor }), logger }, sampleDraft({ urgent: true }));
  if (!result.ok) throw new Error('the visitor could not submit');
  expect(errors).toEqual([]);
  const [push] = project.state.pushes;
  expect(push).toEqual({
    endpoint: phone.endpoint,
    message: expect.objectContaining({ kind: 'request', quoteId: result.quote.id, step: 'new', urgent: true }) as unknown,
  });
  const token = push?.message.kind === 'request' ? push.message.take : undefined;
  const take = () =>
    fetch(`${project.url}/functions/v1/send-quote-alert/take`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteId: result.quote.id, token }),
    });
  expect(await (await take()).json()).toEqual({ outcome: 'taken', taken: { by: staffAccount.email, at: expect.any(String) as unknown } });
  expect((await take()).status).toBe(409);
});

test('an alert function that fails is logged, and the visitor still sees success and the email still goes', async () => {
  const project = await supabaseProject();
  const client = project.connect();
  server.use(http.post(`${project.url}/functions/v1/send-quote-alert`, () => HttpResponse.json({ error: 'not-configured' }, { status: 500 })));
  const { logger, errors } = recordingLogger();
  const result = await submitQuote({ quotes: new SupabaseQuoteRepository({ client }), notifier: new SupabaseNotifier({ client }), logger }, sampleDraft());
  expect(result.ok).toBe(true);
  expect(project.state.emails).toHaveLength(1);
  expect(errors).toHaveLength(1);
  expect(messageOf(errors[0]?.cause)).toMatch(/^Alerting the staff on call failed: the function answered 500/);
});

test('an eleventh device is refused with what staff are told; a push service that is not public is refused before the project is asked', async () => {
  const { project, settings } = await signedIn();
  const stored = async () => (await project.state.database.owner.query<{ n: number }>('select count(*)::int as n from public.push_devices')).rows[0]?.n;
  for (const endpoint of ['https://127.0.0.1/push/x', 'https://[::ffff:7f00:1]/x', 'https://169.254.169.254/x', 'http://push.example.net/x', 'https://localhost./x']) {
    await expect(settings.addDevice({ ...phone, endpoint }), endpoint).rejects.toMatchObject({ reason: 'endpoint-not-allowed' });
  }
  expect(await stored()).toBe(0);
  for (let index = 0; index < maxPushDevicesPerStaff; index++) await settings.addDevice({ ...phone, endpoint: `https://push.example.net/send/${index}` });
  const refused = settings.addDevice({ ...phone, endpoint: 'https://push.example.net/send/eleventh' });
  await expect(refused).rejects.toBeInstanceOf(PushDeviceRefused);
  await expect(refused).rejects.toMatchObject({ reason: 'too-many-devices', message: inboxCopy.alerts.problems['too-many-devices'] });
  await settings.addDevice({ ...phone, endpoint: 'https://push.example.net/send/4', label: 'Renamed' });
  expect(await stored()).toBe(maxPushDevicesPerStaff);
});
