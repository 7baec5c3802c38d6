import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { londonDay } from '../../domain/london-time';
import { quoteCopy } from '../../domain/priced-quote/quote-copy';
import { addDays } from '../../domain/reminders/service-due';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { pageFormToken } from './form-token';
import { exited, quotesPath, staffCookie, startServer, stop } from './spawned-server';

// A priced quote that ran out: sent valid until today, then the days pass (its valid-until day moved
// back in the server's own database while it is stopped, as a clock cannot be wound on here). The
// customer's page says until when it stood, offers no button to accept it, and "Ask for a new quote"
// leaves the card a message, with scripts and without.

for (const scripts of [false, true]) {
  test(`an expired quote cannot be accepted, says until when it stood, and asks for a new one ${scripts ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
    test.setTimeout(90_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'quotes-expired-'));
    const started: ChildProcess[] = [];
    try {
      const first = await startServer(dataDir, started);
      const cookie = await staffCookie(first.url);
      const send = (path: string, body: object, headers: Record<string, string> = { cookie }) =>
        fetch(`${first.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const name = `Expired ${scripts ? 'Script' : 'Plain'}`;
      const created = await send(quotesPath, { ...toNamedFields(sampleQuote({ name, urgent: false, description: `Radiator valves, ${name}` })), ...(await pageFormToken(first.url)) }, {});
      expect(created.status).toBe(201);
      const { id, customer_token: token } = (await created.json()) as { id: string; customer_token: string };
      const today = londonDay(new Date());
      for (const step of [
        { kind: 'status-moved', from: 'new', to: 'contacted' },
        { kind: 'quote-written', version: 1, lines: [{ description: 'Four thermostatic radiator valves', quantity: 4, unitPence: 3_500, vat: 'standard' }], validUntil: today, vatRegistered: true, terms: 'Payment on completion.' },
        { kind: 'quote-sent', version: 1 },
      ]) {
        const recorded = await send(`${quotesPath}/${id}/activity`, step);
        expect(recorded.status, await recorded.text()).toBe(201);
      }
      await stop(first.process, 'SIGTERM');

      // Two days on: the quote stood until the day before yesterday.
      const validUntil = addDays(today, -2);
      const db = new DatabaseSync(join(dataDir, 'quotes.sqlite'));
      const row = db.prepare(`select id, data from quote_activity where quote_id = ? and kind = 'quote-written'`).get(id) as { id: string; data: string };
      db.prepare('update quote_activity set data = ? where id = ?').run(JSON.stringify({ ...(JSON.parse(row.data) as object), validUntil }), row.id);
      db.close();

      const second = await startServer(dataDir, started);
      const context = await browser.newContext({ javaScriptEnabled: scripts });
      const page = await context.newPage();
      await page.goto(`${second.url}/r/${token}`);
      if (scripts) {
        // The page's scripts come with its first touch; the print button is theirs, so its showing says they took over.
        await page.getByRole('heading', { level: 1 }).click();
        await expect(page.getByRole('button', { name: quoteCopy.print })).toBeVisible();
      }
      const card = page.getByRole('region', { name: 'Your quote (version 1)' });
      await expect(card).toContainText(quoteCopy.expired(validUntil));
      await expect(card.getByRole('button', { name: quoteCopy.accept(16_800) })).toHaveCount(0);
      await card.getByRole('button', { name: quoteCopy.askAgain }).click();
      if (scripts) await expect(page.getByText(quoteCopy.toasts.askedAgain)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your messages' })).toContainText(quoteCopy.askAgainMessage(1));
      await context.close();

      // Staff find the customer's message on the card, and the request still quoted.
      const listed = (await (await fetch(`${second.url}${quotesPath}?view=all`, { headers: { cookie: await staffCookie(second.url) } })).json()) as {
        quotes: { id: string; status: string; activity: { kind: string; text?: string }[] }[];
      };
      const quote = listed.quotes.find((candidate) => candidate.id === id);
      expect(quote?.status).toBe('quoted');
      expect(quote?.activity.filter((entry) => entry.kind === 'customer-wrote').map((entry) => entry.text)).toEqual([quoteCopy.askAgainMessage(1)]);
    } finally {
      for (const child of started) child.kill('SIGKILL');
      await Promise.all(started.map(exited));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
