import { countingListener } from '../push/counting-listener.test-support';
import webpush from 'web-push';
import { expect, test } from 'vitest';
import { firstStartMs, startFunction } from './edge-function.test-support';
import { startLoopbackPushService } from '../push/loopback-push-service.test-support';
import { projectClaims } from './postgrest-on-scratch-database.test-support';
import { startPostgrestServer } from './postgrest-http-server.test-support';
import { createUser, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

// The send-quote-alert function under Deno, as Supabase runs it (no PUSH_ALLOW_LOOPBACK_FOR_TESTS):
// devices whose endpoints are on this machine, put straight into the table as an attacker with a
// staff token could, are never connected to.

const anonKey = 'push-hosts-anon-key';
const serviceKey = 'push-hosts-service-key';
const vapid = webpush.generateVAPIDKeys();
const sam = { token: 'sam-token', email: 'sam@se1plumbing.example' };

test('the alert function pushes to no endpoint on this machine, whatever the table holds', { timeout: firstStartMs + 30_000 }, async () => {
  const database = await supabaseScratchDatabase();
  const push = await startLoopbackPushService();
  const listener = await countingListener();
  const { port } = listener;
  const user = await createUser(database.owner, sam.email, { staff: true });
  const phone = push.createSubscription();
  for (const endpoint of [phone.endpoint, `https://127.0.0.1:${port}/push/x`, `https://[::ffff:7f00:1]:${port}/push/y`]) {
    await database.owner.query('insert into public.push_devices (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, $5)', [
      user.sub,
      endpoint,
      phone.p256dh,
      phone.auth,
      'Phone',
    ]);
  }
  const postgrest = await startPostgrestServer(database, projectClaims({ anonKey, serviceKey, users: { [sam.token]: user } }));
  const edge = await startFunction(
    {
      SUPABASE_URL: postgrest.url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:office@se1plumbing.example',
      TAKE_TOKEN_SECRET: 'a-long-random-secret-for-the-tests-of-the-alert-function',
    },
    'send-quote-alert',
  );
  try {
    const tested = await fetch(`${edge.url}/test`, { method: 'POST', headers: { authorization: `Bearer ${sam.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(await tested.json()).toEqual({ delivered: 0, failed: 3 });
    expect(push.answers).toEqual([]);
    expect(listener.connections()).toBe(0);
    expect(await edge.logged(/not a push service on the internet|must be a push service on the internet/)).toContain('127.0.0.1');
  } finally {
    await edge.stop();
    await postgrest.stop();
    await push.close();
    await listener.close();
    await database.drop();
  }
});
