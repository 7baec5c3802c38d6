import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { afterAll, afterEach, expect, test } from 'vitest';
import { frontDoor } from './front-door';
import { headersFor } from '../http/security-headers';
import { staticLane } from './static-lane';
import { StaticFiles } from './static-files';
import { startTestServer, type TestServer } from '../test-server.test-support';

// A built site: a page, a hashed asset with a compressed copy.
const siteDir = mkdtempSync(join(tmpdir(), 'front-door-'));
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
});
function write(path: string, content: string) {
  const full = join(siteDir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}
const privacy = '<!doctype html><title>Privacy</title><p>Your data.</p>';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(50))};\n`;
write('privacy/index.html', privacy);
write('assets/app-abc123.js', script);
write('assets/app-abc123.js.gz', gzipSync(script).toString('latin1'));

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function server(): Promise<TestServer> {
  const started = await startTestServer('sqlite', { site: { dir: siteDir, lane: true } });
  servers.push(started);
  return started;
}

/** A raw connection to the server, and the text of every answer it reads, split at each status line. */
async function connection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  /** Waits until `count` whole answers have arrived, and gives their status lines and bodies. */
  const answers = async (count: number) => {
    for (let waited = 0; ; waited += 5) {
      const parsed = parse(received);
      if (parsed.length >= count) return parsed;
      if (waited > 5_000) throw new Error(`only ${parsed.length} answers of ${count} arrived:\n${received}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { socket, send: (text: string) => socket.write(text), answers, closed };
}

/** Answers with a Content-Length, one after another: status, headers by lower-case name, body. */
function parse(text: string): { status: number; headers: Map<string, string>; body: string }[] {
  const answers = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers.get('content-length') ?? 0);
    if (rest.length < end + 4 + length) break;
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;

test('one connection: files answered at the door, kept open; a post given to the app, and the connection with it', async () => {
  const site = await server();
  const { send, answers, socket } = await connection(site.url);
  // As a browser asks: it says it keeps the connection alive.
  send(get('/privacy', 'Connection: keep-alive\r\nUser-Agent: Mozilla/5.0 (Linux; Android 14)\r\nAccept: text/html\r\n'));
  await answers(1);
  send(get('/assets/app-abc123.js', 'Accept-Encoding: gzip\r\n'));
  await answers(2);
  send(`POST /api/quote-requests HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
  await answers(3);
  send(get('/privacy'));
  const [first, second, third, fourth] = await answers(4);
  expect(first).toMatchObject({ status: 200, body: privacy });
  expect(first?.headers.get('connection')).toBe('keep-alive');
  expect(first?.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(second).toMatchObject({ status: 200 });
  expect(second?.headers.get('content-encoding')).toBe('gzip');
  // The app's answer to a post missing every field.
  expect(third?.status).toBe(400);
  expect(fourth).toMatchObject({ status: 200, body: privacy });
  expect(site.logs.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
    'GET /privacy 200',
    'GET /assets/app-abc123.js 200',
    'POST /api/quote-requests 400',
    'GET /privacy 200',
  ]);
  expect(site.laneLogs).toHaveLength(3);
  socket.destroy();
});

test('requests sent together in one packet, or a head split over two, are read by Node’s server, and answered in order', async () => {
  const site = await server();
  const pipelined = await connection(site.url);
  pipelined.send(get('/privacy') + get('/no-such-page') + get('/assets/app-abc123.js'));
  expect((await pipelined.answers(3)).map(({ status }) => status)).toEqual([200, 404, 200]);
  pipelined.socket.destroy();

  const split = await connection(site.url);
  split.send('GET /privacy HTTP/1.1\r\nHo');
  await new Promise((resolve) => setTimeout(resolve, 50));
  split.send('st: localhost\r\n\r\n');
  expect(await split.answers(1)).toMatchObject([{ status: 200, body: privacy }]);
  split.socket.destroy();
});

test('what the door does not read itself is answered by Node’s server as before', async () => {
  const site = await server();
  const cases = [
    // Closing after the answer.
    { request: get('/privacy', 'Connection: close\r\n'), status: 200 },
    // HTTP/1.0, and a target in absolute form.
    { request: 'GET /privacy HTTP/1.0\r\nHost: localhost\r\n\r\n', status: 200 },
    // Two Host headers: Node's server reads the first.
    { request: get('/privacy', 'Host: elsewhere.example\r\n'), status: 200 },
    // No Host at all: refused.
    { request: 'GET /privacy HTTP/1.1\r\n\r\n', status: 400 },
    // A header folded over two lines: refused.
    { request: get('/privacy', 'X-Folded: one\r\n two\r\n'), status: 400 },
    // A GET with a body: the app reads it.
    { request: `GET /privacy HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabc`, status: 200 },
  ];
  for (const { request, status } of cases) {
    const { send, answers, socket } = await connection(site.url);
    send(request);
    const [answer] = await answers(1);
    expect(answer?.status, JSON.stringify(request)).toBe(status);
    socket.destroy();
  }
  // Asked to close, Node's server closes the connection once it has answered.
  const closing = await connection(site.url);
  closing.send(get('/privacy', 'Connection: close\r\n'));
  const [answer] = await closing.answers(1);
  expect(answer?.headers.get('connection')).toBe('close');
  await closing.closed;
});

test('a connection idle after its answer is closed, as Node closes a kept-alive one', async () => {
  const site = await server();
  const { send, answers, closed } = await connection(site.url);
  send(get('/privacy'));
  await answers(1);
  const started = Date.now();
  await closed;
  expect(Date.now() - started).toBeGreaterThan(4_000);
  expect(Date.now() - started).toBeLessThan(7_000);
}, 10_000);

test('the server stops at once with connections open at the door, and with one in Node’s hands', async () => {
  const site = await server();
  const atDoor = await connection(site.url);
  atDoor.send(get('/privacy'));
  await atDoor.answers(1);
  const handedOn = await connection(site.url);
  handedOn.send(get('/no-such-page'));
  await handedOn.answers(1);
  const started = Date.now();
  await site.stop();
  servers.splice(servers.indexOf(site), 1);
  await Promise.all([atDoor.closed, handedOn.closed]);
  expect(Date.now() - started).toBeLessThan(2_000);
});

/** The door alone on a port of its own, in front of `http`: the server as start-server.ts composes it, without the app. */
async function doorAlone(lane: Parameters<typeof frontDoor>[0]['lane'], http: Parameters<typeof frontDoor>[0]['http']) {
  const door = frontDoor({ lane, http });
  const listening = createNetServer(door.take);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const address = listening.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      door.closeIdle();
      await new Promise((resolve) => listening.close(resolve));
    },
  };
}

test('a browser’s requests for files are answered at the door; Node’s server sees only what the door hands on', async () => {
  const logged: string[] = [];
  const lane = staticLane({
    site: await StaticFiles.load(siteDir),
    writeLog: ({ method, path, status }) => logged.push(`${method} ${path} ${status}`),
    trustProxy: false,
    securityHeaders: headersFor([], []),
  });
  const reached: string[] = [];
  const http = createHttpServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    lane.serve(request, response, () => {
      response.writeHead(404, { 'content-type': 'text/plain', 'content-length': '9' });
      response.end('not here\n');
    });
  });
  const door = await doorAlone(lane, http);
  try {
    const { send, answers, socket } = await connection(door.url);
    const browser = 'Connection: keep-alive\r\nUser-Agent: Mozilla/5.0 (Linux; Android 14)\r\nAccept: */*\r\nAccept-Encoding: gzip, deflate, br\r\nAccept-Language: en-GB,en;q=0.9\r\n';
    send(get('/privacy', browser));
    await answers(1);
    send(get('/assets/app-abc123.js', browser));
    await answers(2);
    send(get('/no-such-page', browser));
    await answers(3);
    send(get('/privacy', browser));
    const all = await answers(4);
    expect(all.map(({ status }) => status)).toEqual([200, 200, 404, 200]);
    expect(all[1]?.headers.get('content-encoding')).toBe('gzip');
    // The first two at the door; from the third on, the connection is Node's, and its lane answers the fourth.
    expect(reached).toEqual(['GET /no-such-page', 'GET /privacy']);
    expect(logged).toEqual(['GET /privacy 200', 'GET /assets/app-abc123.js 200', 'GET /privacy 200']);
    socket.destroy();
  } finally {
    await door.close();
  }
});

test('a request that arrives while the one before it is still being answered waits its turn, and is answered after it', async () => {
  const real = staticLane({ site: await StaticFiles.load(siteDir), writeLog: () => undefined, trustProxy: false, securityHeaders: headersFor([], []) });
  // Each answer takes a while, as one that had to be made afresh might.
  const lane = {
    ...real,
    answer: (request: Parameters<typeof real.answer>[0]) =>
      real.answer(request)?.then(async (answer) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return answer;
      }),
  };
  const reached: string[] = [];
  const http = createHttpServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.writeHead(404, { 'content-length': '0' });
    response.end();
  });
  const door = await doorAlone(lane, http);
  try {
    const { send, answers, socket } = await connection(door.url);
    send(get('/privacy'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    send(get('/assets/app-abc123.js'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    send(get('/no-such-page'));
    const all = await answers(3);
    expect(all.map(({ status, body }) => [status, body.length])).toEqual([
      [200, privacy.length],
      [200, script.length],
      [404, 0],
    ]);
    expect(reached).toEqual(['GET /no-such-page']);
    socket.destroy();
  } finally {
    await door.close();
  }
});
