import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSmtpServer } from '../../adapters/email/test-smtp-server.test-support';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { pageFormToken } from './form-token';
import { quotesPath, startServer, stop } from './spawned-server';

test('emails queued while the mail server is down survive the server being killed, and all arrive once', async () => {
  // Two server starts and the retries' backoff: more than the default 30 s.
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-outbox-'));
  const started: ChildProcess[] = [];
  const smtp = await startTestSmtpServer();
  await smtp.stop();
  const mailEnv = {
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'office@example.co.uk',
    MAIL_FROM: 'Quotes <quotes@example.co.uk>',
    // An email the killed server had claimed but not yet marked is due again once its claim expires.
    OUTBOX_LEASE_SECONDS: '2',
  };
  try {
    const first = await startServer(dataDir, started, mailEnv);
    for (let index = 0; index < 10; index += 1) {
      const response = await fetch(`${first.url}${quotesPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...toNamedFields(sampleQuote({ name: `Backlog ${index}`, email: null, serviceType: 'general' })), ...(await pageFormToken(first.url)) }),
      });
      expect(response.status).toBe(201);
    }
    const ready = (await (await fetch(`${first.url}/readyz`)).json()) as { outbox: { pending: number } };
    expect(ready.outbox.pending).toBe(10);
    await stop(first.process, 'SIGKILL');

    await smtp.restart();
    await startServer(dataDir, started, mailEnv);
    // Retries after the outage wait up to 10 s (with jitter), claims left by the killed server 2 s.
    const emails = await smtp.waitFor(10, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages).toHaveLength(10);
    expect(emails.map((email) => email.subject).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `General Repairs request from Backlog ${index}`).sort(),
    );
  } finally {
    await Promise.all(started.map((child) => stop(child, 'SIGKILL')));
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('emails a killed server was sending go out within about ten seconds of the restart', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-takeover-'));
  const started: ChildProcess[] = [];
  const smtp = await startTestSmtpServer();
  // The default lease: a claim holds 10 s unless renewed, and is renewed while sending.
  const mailEnv = { SMTP_URL: smtp.url, NOTIFY_TO: 'office@example.co.uk', MAIL_FROM: 'Quotes <quotes@example.co.uk>' };
  const names = Array.from({ length: 5 }, (_, index) => `Takeover ${index}`);
  try {
    // The mail server is slow to answer: the first server is still sending when it is killed.
    smtp.hold();
    const first = await startServer(dataDir, started, mailEnv);
    for (const name of names) {
      const response = await fetch(`${first.url}${quotesPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...toNamedFields(sampleQuote({ name, email: null, serviceType: 'general' })), ...(await pageFormToken(first.url)) }),
      });
      expect(response.status).toBe(201);
    }
    await expect.poll(() => smtp.held).toBeGreaterThan(0);
    // Long enough that its claims were renewed: a lease taken at the claim alone would have run out.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const claimedAtKill = smtp.held;
    await stop(first.process, 'SIGKILL');
    smtp.discardHeld();

    const restarting = Date.now();
    await startServer(dataDir, started, mailEnv);
    const ready = Date.now();
    const emails = await smtp.waitFor(names.length, 20_000);
    const arrived = Date.now();
    test.info().annotations.push({
      type: 'takeover',
      description:
        `${claimedAtKill} email(s) in flight at the kill; the restarted server was ready in ${ready - restarting} ms ` +
        `and every email had arrived ${arrived - restarting} ms after the restart began`,
    });
    expect(emails.map((email) => email.subject).sort()).toEqual(names.map((name) => `General Repairs request from ${name}`).sort());
    expect(arrived - restarting, 'milliseconds from the restart to the last email').toBeLessThan(13_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.messages).toHaveLength(names.length);
  } finally {
    await Promise.all(started.map((child) => stop(child, 'SIGKILL')));
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
