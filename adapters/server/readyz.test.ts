import { expect, test } from 'vitest';
import { startTestSmtpServer } from '../email/test-smtp-server.test-support';
import { fillDisk, freeDisk } from '../sql/full-disk.test-support';
import { startTestServer, type TestServer } from './test-server.test-support';

const readyz = async (server: TestServer, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/readyz`, { headers });
  return { status: response.status, body: (await response.json()) as unknown, cacheControl: response.headers.get('cache-control') };
};

const detailed = {
  status: 'ready',
  outbox: { pending: 0, oldestPendingSeconds: 0, email: 'sending', sentNotRecorded: 0 },
  alerts: { pending: 0, oldestPendingSeconds: 0, sentNotRecorded: 0 },
};

test('/readyz tells the public only up or down; this machine and staff get the backlog, and why it is down', async () => {
  const smtp = await startTestSmtpServer();
  // Behind a proxy on this machine: every request reaches us from loopback.
  const server = await startTestServer('sqlite', { mail: { smtpUrl: smtp.url, to: 'office@example.co.uk' }, alerts: {}, trustProxy: true });
  try {
    const visitor = { 'x-forwarded-for': '203.0.113.9' };
    expect(await readyz(server, visitor)).toEqual({ status: 200, body: { status: 'ready' }, cacheControl: 'no-store' });
    expect((await readyz(server, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).body).toEqual({ status: 'ready' });
    expect((await readyz(server, { forwarded: 'for=203.0.113.9' })).body).toEqual({ status: 'ready' });
    expect((await readyz(server, { ...visitor, cookie: 'staff_session=not-a-session' })).body).toEqual({ status: 'ready' });

    // The operator on this machine, past the proxy or through it, and staff from anywhere.
    expect((await readyz(server)).body).toEqual(detailed);
    expect((await readyz(server, { 'x-forwarded-for': '127.0.0.1' })).body).toEqual(detailed);
    expect((await readyz(server, { ...visitor, cookie: server.staffCookie })).body).toEqual(detailed);

    await server.db.destroy();
    expect(await readyz(server, visitor)).toEqual({ status: 503, body: { status: 'unavailable' }, cacheControl: 'no-store' });
    expect(await readyz(server)).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'database unreachable' } });
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

test('without a trusted proxy, a request on loopback is the operator, whatever it says it forwards', async () => {
  const smtp = await startTestSmtpServer();
  const server = await startTestServer('sqlite', { mail: { smtpUrl: smtp.url, to: 'office@example.co.uk' } });
  try {
    expect((await readyz(server, { 'x-forwarded-for': '203.0.113.9' })).body).toEqual({ status: 'ready', outbox: detailed.outbox });
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

test('with the disk full /readyz is 503; staff behind the proxy hear why, a visitor does not', async () => {
  const server = await startTestServer('sqlite', { trustProxy: true });
  try {
    const visitor = { 'x-forwarded-for': '203.0.113.9' };
    await fillDisk(server.db, []);
    expect(await readyz(server, visitor)).toEqual({ status: 503, body: { status: 'unavailable' }, cacheControl: 'no-store' });
    expect((await readyz(server, { ...visitor, cookie: server.staffCookie })).body).toEqual({
      status: 'unavailable',
      reason: 'database disk full',
      cause: 'database or disk is full',
    });
    await freeDisk(server.db, []);
    expect(await readyz(server, visitor)).toEqual({ status: 200, body: { status: 'ready' }, cacheControl: 'no-store' });
  } finally {
    await server.stop();
  }
});
