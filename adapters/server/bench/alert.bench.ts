// Benchmark of alerts on the built server (`npm run bench:alert`): a staff member's phone subscribed
// through a push service on loopback that decrypts and checks what it is sent, then 200 quote requests
// posted one after another. Prints p50 and p99 of the time from each 201 to the push service receiving
// that request's encrypted alert. The target (p99 under 1 s) is a figure to compare against, not a
// test: only errors and lost alerts fail the run.
//
// Node runs this file directly; ../extensionless-imports.ts lets it load the test push service.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import '../../extensionless-imports.ts';

const { benchDeadline, startBenchServer } = await import('./bench-server.test-support.ts');
const { startLoopbackPushService } = await import('../../push/loopback-push-service.test-support.ts');

const requestCount = 200;
const targetP99Ms = 1000;
/** Everything must be over well within this; past it the server is killed. */
const deadlineMs = 180_000;
const staff = { email: 'staff@example.co.uk', password: 'a staff password for this run' };

const write = (line = '') => process.stdout.write(`${line}\n`);
const dataDir = mkdtempSync(join(tmpdir(), 'quotes-alert-bench-'));
const started: ChildProcess[] = [];
const pushService = await startLoopbackPushService();

function cleanUpNow() {
  for (const child of started) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
const deadline = benchDeadline(deadlineMs, cleanUpNow);

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
try {
  server = await startBenchServer({
    dataDir,
    started,
    env: {
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      QUOTE_REQUESTS_PER_HOUR: '100000000',
      QUOTE_REFUSALS_PER_HOUR: '100000000',
      PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    },
  });
  const { url } = server;
  const signIn = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(staff) });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const subscription = pushService.createSubscription('Bench phone');
  const device = await fetch(`${url}/api/alerts/devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth }, label: subscription.label }),
  });
  if (device.status !== 201) throw new Error(`Turning alerts on answered ${device.status}: ${await device.text()}`);
  write(`server: ${url}, SQLite in ${dataDir}; push service on ${pushService.origin}`);
  write(`${requestCount} requests posted one after another, every third urgent`);

  const acknowledgedAt = new Map<string, number>();
  for (let index = 0; index < requestCount; index += 1) {
    const body = { name: `Bench Customer ${index}`, phone: '07700 900123', service_type: index % 3 === 0 ? 'emergency' : 'general', urgent: index % 3 === 0 };
    const response = await fetch(`${url}/api/quote-requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const at = performance.now();
    if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
    acknowledgedAt.set(((await response.json()) as { id: string }).id, at);
  }
  const received = await pushService.waitFor(requestCount, 30_000);
  const latencies = received
    .flatMap((push) => {
      const payload = push.payload as { quoteId?: string };
      const at = payload.quoteId === undefined ? undefined : acknowledgedAt.get(payload.quoteId);
      return at === undefined ? [] : [push.receivedAtMs - at];
    })
    .sort((a, b) => a - b);

  write();
  write('201 to the encrypted alert at the push service');
  write(`  alerts received       ${received.length} of ${requestCount} (rejected by the push service's checks: ${pushService.rejected.length})`);
  write(`  p50                   ${percentile(latencies, 50).toFixed(1)} ms`);
  write(`  p99                   ${percentile(latencies, 99).toFixed(1)} ms  (target under ${targetP99Ms} ms)`);
  write(`  max                   ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`);
  write(`  arrived before the 201 was read: ${latencies.filter((ms) => ms < 0).length}`);
  write();
  write(`server: ${await server.stop()} after SIGTERM`);
  if (latencies.length !== requestCount || pushService.rejected.length > 0) process.exitCode = 1;
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await pushService.close();
  rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(deadline);
}
