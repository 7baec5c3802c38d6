import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// This spec runs servers of its own, not the shared webServer: it kills one, and nobody else's requests
// may be in its database. No browser either: Node's fetch sends the requests.

const serverMain = fileURLToPath(new URL('../../dist/server/server-main.js', import.meta.url));
const quotesPath = '/api/quote-requests';
const staff = { email: 'staff@example.co.uk', password: 'a staff password for this run' };
/** Signs in as the staff account the server was started with, for the list; returns the Cookie header. */
async function staffCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 200 || !cookie) throw new Error(`Signing in failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

const senders = 4;
/** The server is killed right after this many acknowledgements, while the other senders wait for theirs. */
const killAfterAcknowledged = 300;
/** If the server has not been killed by then (a very slow machine), it is killed anyway. */
const killAfterMs = 2_000;

interface Server {
  process: ChildProcess;
  url: string;
}

/** Starts the built server on a port the system picks, over `dataDir`; resolves once /readyz is 200. */
async function startServer(dataDir: string, started: ChildProcess[]): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STAFF_EMAIL: staff.email,
    STAFF_PASSWORD: staff.password,
    // One client sends everything here: the limit per client must not be what is measured.
    QUOTE_REQUESTS_PER_HOUR: '100000000',
  };
  delete env.DATABASE_URL; // SQLite in dataDir, whatever the shell has set
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });

  // Read every line, not just the first: a full pipe would block the server's logging.
  const listening = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.includes('"listening"')) return;
      const entry = JSON.parse(line) as { event?: string; url?: string };
      if (entry.event === 'listening' && entry.url) resolve(entry.url);
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`the server exited (${signal ?? code}) before listening:\n${stderr}`));
    });
  });
  const url = await listening;

  await expect
    .poll(async () => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined))?.status, {
      timeout: 15_000,
    })
    .toBe(200);
  return { process: child, url };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  child.kill(signal);
  await exited(child);
}

test('every request the server acknowledged is still stored after it is killed with SIGKILL', async () => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-crash-'));
  const started: ChildProcess[] = [];
  try {
    const first = await startServer(dataDir, started);

    const acknowledged: { id: string; name: string }[] = [];
    const otherAnswers: number[] = [];
    const errorsBeforeKill: string[] = [];
    let unanswered = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      inFlightAtKill = inFlight;
      first.process.kill('SIGKILL');
    };
    // A function, not the variable: type narrowing cannot see that kill() runs while a sender awaits.
    const isKilled = () => killed;
    const timer = setTimeout(kill, killAfterMs);

    // Each sender posts one request after another until the server is gone; every name is unique.
    const send = async (sender: number) => {
      for (let n = 1; !isKilled(); n++) {
        const name = `Crash ${sender}-${n}`;
        inFlight += 1;
        try {
          const response = await fetch(`${first.url}${quotesPath}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name, phone: '07700 900123', service_type: 'general', description: 'Crash test' }),
            signal: AbortSignal.timeout(5_000),
          });
          if (response.status === 201) {
            acknowledged.push({ id: ((await response.json()) as { id: string }).id, name });
          } else {
            otherAnswers.push(response.status);
          }
        } catch (error) {
          unanswered += 1;
          if (!isKilled()) errorsBeforeKill.push(String(error));
        } finally {
          inFlight -= 1;
        }
        if (acknowledged.length >= killAfterAcknowledged) kill();
      }
    };
    await Promise.all(Array.from({ length: senders }, (_, sender) => send(sender + 1)));
    clearTimeout(timer);
    await exited(first.process);
    expect(first.process.signalCode).toBe('SIGKILL');

    const second = await startServer(dataDir, started);
    const response = await fetch(`${second.url}${quotesPath}`, {
      headers: { cookie: await staffCookie(second.url) },
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(200);
    const listed = (await response.json()) as { id: string; name: string }[];
    await stop(second.process, 'SIGTERM');

    const listedIds = new Set(listed.map((quote) => quote.id));
    const acknowledgedIds = new Set(acknowledged.map((quote) => quote.id));
    const storedUnanswered = listed.filter((quote) => !acknowledgedIds.has(quote.id)).length;
    test.info().annotations.push({
      type: 'crash',
      description:
        `${acknowledged.length} acknowledged, ${inFlightAtKill} in flight at the kill, ${unanswered} unanswered, ` +
        `${listed.length} stored after the restart (${storedUnanswered} of them never answered)`,
    });

    expect(errorsBeforeKill, 'requests that failed before the kill').toEqual([]);
    expect(otherAnswers, 'answers other than 201').toEqual([]);
    expect(acknowledged.length, 'requests acknowledged before the kill').toBeGreaterThan(0);
    expect(
      acknowledged.filter((quote) => !listedIds.has(quote.id)),
      'acknowledged but not stored',
    ).toEqual([]);
    expect(listedIds.size, 'ids listed twice').toBe(listed.length);
    expect(new Set(listed.map((quote) => quote.name)).size, 'requests stored twice').toBe(listed.length);
  } finally {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(started.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
