import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { exited, listEveryRequest, quotesPath, staffCookie, startServer, stop } from './spawned-server';

/** As many as the load benchmark's connections: enough that the server commits many requests together. */
const senders = 50;
/** The server is killed right after this many acknowledgements, while the other senders wait for theirs. */
const killAfterAcknowledged = 1_000;
/** If the server has not been killed by then (a very slow machine), it is killed anyway. */
const killAfterMs = 4_000;

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
            body: JSON.stringify(toNamedFields(sampleQuote({ name, email: null, description: 'Crash test' }))),
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
    const listed = await listEveryRequest(second.url, await staffCookie(second.url));
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
