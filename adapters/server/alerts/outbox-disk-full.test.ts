import { expect, test } from 'vitest';
import { toNamedFields } from '../../../domain/quote/quote';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { fillDisk, freeDisk } from '../../sql/full-disk.test-support';
import { databases, startTestServer, type TestServer } from '../test-server.test-support';

const inbox = 'office@example.co.uk';
/** What PostgreSQL is made to refuse as on a full disk: new requests, recording an email sent, the readiness probe. */
const refused = [{ table: 'quote_requests' as const }, { table: 'notifications' as const, updatesOf: ['sent_at'] }, { table: 'write_probes' as const }];
const leaseSeconds = 1;

/** A visitor's request, from a page opened a while before (its form token): several alike are no burst of spam. */
const post = async (server: TestServer, name: string) =>
  fetch(`${server.url}/api/quote-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...toNamedFields(sampleQuote({ name, email: null, serviceType: 'general' })), [formTokenFieldName]: await server.formToken() }),
  });
const readyz = async (server: TestServer, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/readyz`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  test(`${kind}: with the disk full every email goes out once, however many leases pass; /readyz says so; once freed they are recorded`, async () => {
    const smtp = await startTestSmtpServer();
    const server = await startTestServer(kind, { mail: { smtpUrl: smtp.url, to: inbox }, leaseSeconds });
    try {
      // The first email is being sent, the mail server slow to answer, when the disk fills; the rest wait.
      // In SQLite their rows fill the outbox's pages, so marking most of them sent needs room there is not.
      smtp.hold();
      const names = Array.from({ length: 60 }, (_, index) => `Full disk ${index}`);
      for (const name of names) expect((await post(server, name)).status).toBe(201);
      await expect.poll(() => smtp.held).toBe(1);
      await fillDisk(server.db, refused);
      smtp.release();

      // New requests are refused (503) once there is no room left for them, each logged with its real cause.
      let refusedAt: number | undefined;
      for (let index = 0; index < 200 && refusedAt === undefined; index += 1) {
        const name = `Late ${index}`;
        const { status } = await post(server, name);
        if (status === 201) names.push(name);
        else refusedAt = status;
      }
      expect(refusedAt).toBe(503);

      await smtp.waitFor(names.length, 15_000);
      // Several leases run out meanwhile, unless renewed: nothing is sent again.
      await sleep(4 * leaseSeconds * 1000);
      expect(smtp.messages.map((email) => email.subject).sort()).toEqual(names.map((name) => `General Repairs request from ${name}`).sort());

      const full = await readyz(server);
      expect(full.status).toBe(503);
      expect(full.body).toEqual({
        status: 'unavailable',
        reason: 'database disk full',
        cause: kind === 'sqlite' ? 'database or disk is full' : 'could not extend file: No space left on device',
      });
      const diskFull = kind === 'sqlite' ? 'database or disk is full' : 'could not extend file: No space left on device';
      const unrecorded = server.errors.filter(({ message }) => /^Sent the business email for request .+, but could not record it as sent/.test(message));
      expect(unrecorded.length).toBeGreaterThan(0);
      expect(new Set(unrecorded.map(({ cause }) => cause))).toEqual(new Set([diskFull]));
      expect(server.errors.filter(({ message }) => message === 'Storing a quote request failed')).toEqual([
        { message: 'Storing a quote request failed', cause: diskFull },
      ]);
      expect(server.errors.filter(({ message, cause }) => message.includes('could not be read') || cause.includes('cannot rollback'))).toEqual([]);

      await freeDisk(server.db, refused);
      await expect.poll(async () => (await readyz(server)).status, { timeout: 5_000 }).toBe(200);
      await expect
        .poll(async () => (await readyz(server)).body.outbox, { timeout: 5_000 })
        .toEqual({ pending: 0, oldestPendingSeconds: 0, email: 'sending', sentNotRecorded: 0 });
      await sleep(2 * leaseSeconds * 1000);
      expect(smtp.messages).toHaveLength(names.length);
    } finally {
      smtp.release();
      await server.stop();
      await smtp.stop();
    }
  });
}
