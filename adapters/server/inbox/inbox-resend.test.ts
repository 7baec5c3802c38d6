import * as v from 'valibot';
import { expect, test } from 'vitest';
import { toNamedFields } from '../../../domain/quote/quote';
import { hasDeliveryTrouble } from '../../../domain/inbox/resend-business-email';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { fromWireInboxQuote, WireResendSchema } from '../../http-api/inbox-wire';
import { databases, inboxPage, startTestServer, type TestServer } from '../test-server.test-support';

const office = 'office@example.co.uk';
const hour = 60 * 60_000;

const resend = async (server: TestServer, id: string) => {
  const response = await fetch(`${server.url}/api/quote-requests/${id}/resend-email`, { method: 'POST', headers: { cookie: server.staffCookie } });
  return { status: response.status, body: v.parse(WireResendSchema, await response.json()) };
};

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  test(`on ${kind}, an email that failed is flagged, and resending sends it at once rather than at its next try`, async () => {
    const smtp = await startTestSmtpServer();
    await smtp.stop();
    // The next try is an hour away and nothing polls: only the resend's wake-up can send it now.
    const server = await startTestServer(kind, { mail: { smtpUrl: smtp.url, to: office, retryMs: hour, pollMs: hour } });
    try {
      const posted = await fetch(`${server.url}/api/quote-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(toNamedFields(sampleQuote({ name: 'Priya Raman', email: null, serviceType: 'heating' }))),
      });
      expect(posted.status).toBe(201);
      await expect.poll(async () => (await inboxPage(server)).quotes[0]?.business_email?.last_error, { timeout: 5_000 }).toEqual(expect.any(String));
      const [failed] = (await inboxPage(server)).quotes;
      if (!failed) throw new Error('The request is not in the inbox');
      expect(failed.business_email?.sent_at).toBeNull();
      expect(hasDeliveryTrouble(fromWireInboxQuote(failed), new Date())).toBe(false);
      expect(hasDeliveryTrouble(fromWireInboxQuote(failed), new Date(Date.now() + 11 * 60_000))).toBe(true);

      await smtp.restart();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages).toHaveLength(0);

      expect(await resend(server, failed.id)).toEqual({ status: 202, body: { outcome: 'queued' } });
      const [email] = await smtp.waitFor(1, 5_000);
      expect(email?.subject).toBe('Heating Services request from Priya Raman');
      await expect.poll(async () => (await inboxPage(server)).quotes[0]?.business_email?.sent_at, { timeout: 5_000 }).toEqual(expect.any(String));

      expect(await resend(server, failed.id)).toEqual({ status: 202, body: { outcome: 'already-sent' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
}
