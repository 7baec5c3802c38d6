import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Hono } from 'hono';
import { Pool } from 'pg';
import * as v from 'valibot';
import { expect, onTestFinished, test } from 'vitest';
import { WireErrorSchema } from '../../http-api/wire';
import { createRateLimit, type RateLimitOptions, type RateLimitStore } from './rate-limits';
import { recordingLogger } from '../../memory/recording-logger.test-support';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const RateLimitedSchema = v.object({ ...WireErrorSchema.entries, retry_after_seconds: v.pipe(v.number(), v.integer()) });

/** Errors logged, for the test to read. */
/** A tiny site behind the limit: POST / answers 201 when let through. */
function siteBehind(options: Partial<RateLimitOptions> & Pick<RateLimitOptions, 'store'>) {
  const limit = createRateLimit({ name: 'quote-form', points: 3, durationSeconds: 60, logger: recordingLogger().logger, ...options });
  const app = new Hono();
  app.post('/', limit.middleware, (c) => c.text('stored', 201));
  return app;
}

const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const post = (app: Hono, address: string, headers: Record<string, string> = {}) =>
  app.request('/', { method: 'POST', headers }, fromSocket(address));

/** A pool of its own (as another server would have), closed after the test. */
function openPool(connectionString = postgresUrl) {
  const pool = new Pool({ connectionString, connectionTimeoutMillis: 2000 });
  onTestFinished(() => pool.end());
  return pool;
}

/** A table name no other test uses, dropped after the test. */
function scratchTable() {
  const tableName = `rate_limits_test_${randomUUID().replaceAll('-', '')}`;
  onTestFinished(async () => {
    const admin = new Pool({ connectionString: postgresUrl });
    await admin.query(`drop table if exists ${tableName}`);
    await admin.end();
  });
  return tableName;
}

const memory: RateLimitStore = { kind: 'memory' };

test('the first N requests pass and the next is refused with 429, Retry-After and a JSON body', async () => {
  const app = siteBehind({ store: memory });
  for (let i = 0; i < 3; i++) expect((await post(app, '203.0.113.9')).status).toBe(201);

  const refused = await post(app, '203.0.113.9');
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  const body = v.parse(RateLimitedSchema, await refused.json());
  expect(body).toEqual({
    error: 'rate-limited',
    message: `Too many requests. Please try again in ${retryAfter} seconds, or call us.`,
    retry_after_seconds: retryAfter,
  });
});

test('each client has its own count', async () => {
  const app = siteBehind({ store: memory, points: 1 });
  expect((await post(app, '203.0.113.9')).status).toBe(201);
  expect((await post(app, '203.0.113.9')).status).toBe(429);
  expect((await post(app, '198.51.100.4')).status).toBe(201);
});

test('behind a trusted proxy, clients are told apart by X-Forwarded-For', async () => {
  const app = siteBehind({ store: memory, points: 1, trustProxy: true });
  const via = (client: string) => post(app, '10.0.0.2', { 'x-forwarded-for': client });
  expect((await via('203.0.113.9')).status).toBe(201);
  expect((await via('198.51.100.4')).status).toBe(201);
  expect((await via('203.0.113.9')).status).toBe(429);
  // Writing a fresh address in front of the proxy's buys nothing.
  expect((await via('192.0.2.1, 203.0.113.9')).status).toBe(429);
});

test('IPv6 clients are counted by their /64 network, which one subscriber can pick addresses from', async () => {
  const app = siteBehind({ store: memory, points: 2 });
  expect((await post(app, '2001:db8:1:2::1')).status).toBe(201);
  expect((await post(app, '2001:db8:1:2:ffff:0:0:abcd')).status).toBe(201);
  expect((await post(app, '2001:db8:1:2::99')).status).toBe(429);
  expect((await post(app, '2001:db8:1:3::1')).status).toBe(201);
  // An IPv4 client seen through an IPv6 socket is still that IPv4 client.
  expect((await post(app, '::ffff:203.0.113.9')).status).toBe(201);
  expect((await post(app, '203.0.113.9')).status).toBe(201);
  expect((await post(app, '::ffff:203.0.113.9')).status).toBe(429);
});

test('a count ends with its window', async () => {
  const app = siteBehind({ store: memory, points: 1, durationSeconds: 1 });
  expect((await post(app, '203.0.113.9')).status).toBe(201);
  const refused = await post(app, '203.0.113.9');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(v.parse(RateLimitedSchema, await refused.json()).message).toContain('in 1 second,');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect((await post(app, '203.0.113.9')).status).toBe(201);
});

test('consume and reset count by any key, e.g. an email for sign-in', async () => {
  const limit = createRateLimit({ name: 'sign-in-email', points: 2, durationSeconds: 900, store: memory, logger: recordingLogger().logger });
  expect(await limit.consume('staff@se1-plumbing.example')).toEqual({ allowed: true });
  expect(await limit.consume('staff@se1-plumbing.example')).toEqual({ allowed: true });
  const refused = await limit.consume('staff@se1-plumbing.example');
  expect(refused.allowed).toBe(false);
  expect(!refused.allowed && refused.retryAfterSeconds > 800).toBe(true);
  expect(await limit.consume('other@se1-plumbing.example')).toEqual({ allowed: true });

  await limit.reset('staff@se1-plumbing.example');
  expect(await limit.consume('staff@se1-plumbing.example')).toEqual({ allowed: true });
});

for (const kind of ['memory', 'postgres'] as const) {
  test(`check uses no point and refund gives one back, in ${kind}`, async () => {
    const store: RateLimitStore = kind === 'memory' ? memory : { kind: 'postgres', pool: openPool(), tableName: scratchTable() };
    const limit = createRateLimit({ name: 'quote-requests', points: 2, durationSeconds: 600, store, logger: recordingLogger().logger });
    const key = '203.0.113.9';
    for (let look = 0; look < 5; look += 1) expect(await limit.check(key)).toEqual({ allowed: true });
    expect(await limit.consume(key)).toEqual({ allowed: true });
    expect(await limit.consume(key)).toEqual({ allowed: true });
    const full = await limit.check(key);
    expect(full.allowed).toBe(false);
    expect(!full.allowed && full.retryAfterSeconds > 500 && full.retryAfterSeconds <= 600).toBe(true);

    // A request that turned out not to count hands its point back: one more may come.
    await limit.refund(key);
    expect(await limit.check(key)).toEqual({ allowed: true });
    expect(await limit.consume(key)).toEqual({ allowed: true });
    expect((await limit.consume(key)).allowed).toBe(false);
    expect(await limit.check('198.51.100.7')).toEqual({ allowed: true });
  });
}

test('limits with different names keep different counts in one store', async () => {
  const tableName = scratchTable();
  const pool = openPool();
  const logger = recordingLogger().logger;
  const store: RateLimitStore = { kind: 'postgres', pool, tableName };
  const form = createRateLimit({ name: 'quote-form', points: 1, durationSeconds: 60, store, logger });
  const signIn = createRateLimit({ name: 'sign-in-address', points: 1, durationSeconds: 60, store, logger });
  expect(await form.consume('203.0.113.9')).toEqual({ allowed: true });
  expect(await signIn.consume('203.0.113.9')).toEqual({ allowed: true });
  expect((await form.consume('203.0.113.9')).allowed).toBe(false);
});

test('two servers on one PostgreSQL table share the counts', async () => {
  const tableName = scratchTable();
  const { logger, errors } = recordingLogger();
  // Two pools, two limits, created at once: as two servers starting together would.
  const [one, two] = [openPool(), openPool()].map((pool) =>
    createRateLimit({ name: 'quote-form', points: 3, durationSeconds: 60, store: { kind: 'postgres', pool, tableName }, logger }),
  );
  if (!one || !two) throw new Error('two limits expected');
  const decisions = await Promise.all([one.consume('203.0.113.9'), two.consume('203.0.113.9')]);
  expect(decisions).toEqual([{ allowed: true }, { allowed: true }]);
  expect(await one.consume('203.0.113.9')).toEqual({ allowed: true });
  const refused = await two.consume('203.0.113.9');
  expect(refused.allowed).toBe(false);
  expect(!refused.allowed && refused.retryAfterSeconds >= 59).toBe(true);
  expect(await two.consume('198.51.100.4')).toEqual({ allowed: true });

  await one.reset('203.0.113.9');
  expect(await two.consume('203.0.113.9')).toEqual({ allowed: true });
  expect(errors).toEqual([]);
});

test('servers starting together all find the table, though they race to create it', async () => {
  const tableName = scratchTable();
  const { logger, errors } = recordingLogger();
  const servers = Array.from({ length: 8 }, () =>
    createRateLimit({ name: 'quote-form', points: 8, durationSeconds: 60, store: { kind: 'postgres', pool: openPool(), tableName }, logger }),
  );
  const decisions = await Promise.all(servers.map((server) => server.consume('203.0.113.9')));
  expect(decisions.every((decision) => decision.allowed)).toBe(true);
  expect(errors).toEqual([]);
  expect((await servers[0]?.consume('203.0.113.9'))?.allowed).toBe(false);
});

test('the table holds no address or email, only hashes of them', async () => {
  const tableName = scratchTable();
  const pool = openPool();
  const limit = createRateLimit({
    name: 'sign-in-email',
    points: 5,
    durationSeconds: 60,
    store: { kind: 'postgres', pool, tableName },
    logger: recordingLogger().logger,
  });
  const longEmail = `${'x'.repeat(240)}@se1-plumbing.example`;
  expect(await limit.consume(longEmail)).toEqual({ allowed: true });
  expect(await limit.consume('203.0.113.9')).toEqual({ allowed: true });
  const { rows } = await pool.query<{ key: string }>(`select key from ${tableName}`);
  expect(rows).toHaveLength(2);
  for (const { key } of rows) expect(key).toMatch(/^sign-in-email:[\w-]{43}$/);
});

test('when the store is down, requests pass and the failure is logged', async () => {
  const { logger, errors } = recordingLogger();
  const pool = openPool('postgres://postgres@127.0.0.1:1/test');
  const app = siteBehind({ store: { kind: 'postgres', pool, tableName: 'rate_limits' }, points: 1, logger });
  expect((await post(app, '203.0.113.9')).status).toBe(201);
  expect((await post(app, '203.0.113.9')).status).toBe(201);
  expect(errors).toHaveLength(2);
  expect(errors[0]?.message).toMatch(/quote-form/);
  expect(errors[0]?.cause).toBeInstanceOf(Error);
});

test('when the store is down, check lets a request through and refund does no harm, each logged', async () => {
  const { logger, errors } = recordingLogger();
  const pool = openPool('postgres://postgres@127.0.0.1:1/test');
  const limit = createRateLimit({ name: 'quote-requests', points: 1, durationSeconds: 60, store: { kind: 'postgres', pool, tableName: 'rate_limits' }, logger });
  expect(await limit.check('203.0.113.9')).toEqual({ allowed: true });
  await limit.refund('203.0.113.9');
  expect(errors.map(({ message }) => message)).toEqual([
    'Rate limit quote-requests could not read a count, so let a request through',
    'Rate limit quote-requests could not give a point back',
  ]);
});

test('a database that was down when the server started is used once it is back', async () => {
  const tableName = scratchTable();
  const { logger, errors } = recordingLogger();
  const database = await postgresDownUntilStarted();
  const store: RateLimitStore = { kind: 'postgres', pool: openPool(database.url), tableName };
  const limit = createRateLimit({ name: 'quote-form', points: 1, durationSeconds: 60, store, logger });

  expect(await limit.consume('203.0.113.9')).toEqual({ allowed: true });
  expect(errors).toHaveLength(1);

  await database.start();
  expect(await limit.consume('203.0.113.9')).toEqual({ allowed: true });
  expect((await limit.consume('203.0.113.9')).allowed).toBe(false);
  expect(errors).toHaveLength(1);
});

/**
 * The test PostgreSQL behind a port of its own that refuses connections until `start`, as a database
 * that is restarting would. Its connections are cut after the test.
 */
async function postgresDownUntilStarted() {
  const target = new URL(postgresUrl);
  const connections = new Set<Socket>();
  const forwarder = createServer((socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const end of [socket, upstream]) {
      connections.add(end);
      end.on('error', () => undefined);
      end.on('close', () => connections.delete(end));
    }
    socket.pipe(upstream).pipe(socket);
  });
  const port = await freePort();
  onTestFinished(async () => {
    for (const connection of connections) connection.destroy();
    // Calls back with an error when it never listened, which is no matter here.
    await new Promise((resolve) => forwarder.close(resolve));
  });
  const url = new URL(postgresUrl);
  url.host = `127.0.0.1:${port}`;
  return { url: url.href, start: () => listen(forwarder, port) };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await listen(probe, 0);
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
