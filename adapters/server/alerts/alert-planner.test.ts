import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test } from 'vitest';
import { type AlertRecord, defaultAlertPolicy } from '../../../domain/alerts/alert-plan';
import type { AlertCandidate, AlertLedger } from '../../../domain/ports/alert-stores';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { withAlertStores } from '../../sql/sql-alert-store.test-support';
import { AlertPlanner } from './alert-planner';

const sam = 'sam.okafor@example.co.uk';

type PlannerLedger = Pick<AlertLedger, 'awaitingSomeone' | 'awaitingSomeoneAfter' | 'recordAlert'>;

/**
 * A ledger of waiting requests in memory that notes how rounds asked for them: for every waiting
 * request (a full round, which then reads them a page at a time), or for those it names.
 */
function ledgerInMemory() {
  const waiting = new Map<string, AlertCandidate>();
  const rounds: ('full' | string[])[] = [];
  const recorded: { quoteId: string; record: AlertRecord }[] = [];
  const ledger: PlannerLedger = {
    awaitingSomeoneAfter: (_since, after, limit) => {
      if (after === undefined) rounds.push('full');
      const all = [...waiting.values()];
      const from = after === undefined ? 0 : all.findIndex(({ quote }) => quote.id === after.id) + 1;
      return Promise.resolve(all.slice(from, from + limit));
    },
    awaitingSomeone: (_since, only) => {
      rounds.push(only === undefined ? 'full' : [...only]);
      const candidates = [...waiting.values()].filter(({ quote }) => only === undefined || only.includes(quote.id));
      return Promise.resolve(candidates);
    },
    recordAlert: (quoteId, record) => {
      recorded.push({ quoteId, record });
      const candidate = waiting.get(quoteId);
      if (candidate) waiting.set(quoteId, { ...candidate, sent: [...candidate.sent, record] });
      return Promise.resolve(true);
    },
  };
  const arrive = (id: string) => {
    waiting.set(id, { quote: { ...sampleQuote({ name: `Customer ${id}` }), id, createdAt: new Date() }, status: 'new', taken: null, sent: [] });
  };
  return { ledger, rounds, recorded, arrive };
}

const planners: AlertPlanner[] = [];
afterEach(async () => {
  await Promise.all(planners.splice(0).map((planner) => planner.stop()));
});

function plannerOver(ledger: PlannerLedger, pollMs: number, now?: () => Date) {
  const planner = new AlertPlanner({
    ledger,
    audience: () => Promise.resolve({ staff: [sam], rota: [] }),
    policy: defaultAlertPolicy,
    webhook: false,
    onRecorded: () => undefined,
    logger: { error: (message, cause) => expect.fail(`${message}: ${String(cause)}`) },
    pollMs,
    ...(now && { now }),
  });
  planners.push(planner);
  return planner;
}

async function until(done: () => boolean) {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 5_000) throw new Error('not done within 5 s');
    await sleep(5);
  }
}

test('requests stored in a burst are each alerted once, by rounds that read only the requests that arrived', async () => {
  const { ledger, rounds, recorded, arrive } = ledgerInMemory();
  arrive('earlier');
  const planner = plannerOver(ledger, 60_000);
  planner.start();
  await until(() => recorded.length === 1);

  const burst = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
  for (const id of burst) {
    arrive(id);
    planner.arrived(id);
  }
  await until(() => recorded.length === 1 + burst.length);

  expect(recorded.map(({ quoteId, record }) => [quoteId, record.step, record.recipients])).toEqual(
    ['earlier', ...burst].map((id) => [id, 'new', [sam]]),
  );
  // The round at start read every waiting request; those after it, only the requests that had arrived.
  expect(rounds[0]).toBe('full');
  const after = rounds.slice(1);
  expect(after.length).toBeGreaterThan(0);
  expect(after.flat().sort()).toEqual([...burst].sort());
});

test('however many requests keep arriving, every waiting request is looked at again at least once a poll', async () => {
  const { ledger, rounds, arrive } = ledgerInMemory();
  const planner = plannerOver(ledger, 40);
  planner.start();
  // A request every few milliseconds for half a second: there is always an arrival to plan.
  for (let index = 0; index < 100; index += 1) {
    arrive(`busy-${index}`);
    planner.arrived(`busy-${index}`);
    await sleep(5);
  }
  expect(rounds.filter((round) => round === 'full').length).toBeGreaterThanOrEqual(3);
});

test('woken for everyone (the rota changed, a request was taken), it reads every waiting request', async () => {
  const { ledger, rounds, arrive } = ledgerInMemory();
  const planner = plannerOver(ledger, 60_000);
  planner.start();
  await until(() => rounds.length === 1);
  arrive('one');
  planner.arrived('one');
  planner.wake();
  await until(() => rounds.length >= 2);
  await sleep(20);
  expect(rounds.slice(1)).toContain('full');
});

test('a full round over a day’s backlog lets the server answer between pages, and plans every request once', { timeout: 60_000 }, async () => {
  await withAlertStores('sqlite', async ({ quotes, ledger, clock }) => {
    // A thousand requests still waiting, stored together (they share commits).
    const stored = await Promise.all(Array.from({ length: 1000 }, (_, index) => quotes.insert(sampleQuote({ name: `Customer ${index}` }))));
    const planner = plannerOver(ledger, 60_000, clock.now);
    // The turns of the event loop the round leaves to everything else (a visitor's request, say).
    let turns = 0;
    let planning = true;
    const turn = () => {
      turns += 1;
      if (planning) setImmediate(turn);
    };
    setImmediate(turn);
    const recorded = await planner.planDue();
    planning = false;
    expect(recorded).toHaveLength(stored.length);
    expect(recorded.every(({ step }) => step === 'new')).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(9);
    // Planned once: a second round finds nothing due.
    expect(await planner.planDue()).toEqual([]);
  });
});
