import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSmtpServer } from '../../adapters/email/test-smtp-server.test-support';
import { toNamedFields } from '../../domain/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
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
        body: JSON.stringify(toNamedFields(sampleQuote({ name: `Backlog ${index}`, email: null, serviceType: 'general' }))),
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
