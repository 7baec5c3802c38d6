import { describe, expect, test } from 'vitest';
import { customerAuthor } from '../../domain/activity/actor';
import { customerTokenPattern, noLongerNeededReason } from '../../domain/customer-link/customer-link';
import { defaultInboxQuery, type InboxView, spamView } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { QuoteRequest } from '../../domain/quote/quote';
import { type Arrival, spamWeights } from '../../domain/spam/spam';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { type SpamRequestFixture, spamRequests } from '../../fixtures/spam-requests';
import { InMemoryQuoteRepository } from './in-memory-quote-repository';
import { PageFormTokens, pageFormToken } from './page-form-tokens';

const person: Arrival = { honeypotFilled: false, formToken: null };

function storeAt(start?: string) {
  const clock = manualClock(start);
  const cleared: QuoteRequest[] = [];
  const store = new InMemoryQuoteRepository({
    now: clock.now,
    formTokens: new PageFormTokens(),
    onClearedSpam: (quote) => {
      cleared.push(quote);
      return Promise.resolve();
    },
  });
  return { clock, store, cleared };
}

async function listed(store: InMemoryQuoteRepository, view: InboxView, now: Date): Promise<readonly InboxQuote[]> {
  return (await store.findPage({ query: { ...defaultInboxQuery, view }, after: null, limit: 500, now })).quotes;
}

/** The arrival a fixture's evidence stands for: a page issued that many seconds before, or none. */
function arrivalOf({ evidence }: SpamRequestFixture, now: Date): Arrival {
  const issued = evidence.secondsToSubmit === null ? null : pageFormToken(new Date(now.getTime() - evidence.secondsToSubmit * 1000));
  return { honeypotFilled: evidence.honeypotFilled, formToken: issued };
}

describe('judging a request that comes with how it arrived', () => {
  test.each(spamRequests)('$kind', async (fixture) => {
    const { clock, store } = storeAt();
    // The copies before it, as the fixture says there were.
    for (let copy = 0; copy < fixture.evidence.sameTextRecently; copy++) await store.insert(fixture.quote);
    clock.time += 60_000;

    const stored = await store.insert(fixture.quote, [], arrivalOf(fixture, clock.now()));

    expect(stored.heldAsSpam).toBe(fixture.spam);
    const folder = await listed(store, spamView, clock.now());
    const found = folder.find(({ id }) => id === stored.id);
    if (!fixture.spam) {
      expect(found).toBeUndefined();
      return;
    }
    expect(found?.spam).toEqual({
      score: fixture.signals.reduce((sum, signal) => sum + spamWeights[signal], 0),
      reasons: fixture.signals.map((signal) => ({ signal, weight: spamWeights[signal] })),
      sentAt: clock.now(),
      cleared: null,
    });
  });

  test('without an arrival nothing is judged, however it looks', async () => {
    const { clock, store } = storeAt();
    const junk = spamRequests.find(({ signals }) => signals.includes('links-in-name'));
    if (!junk) throw new Error('no junk with links in the name');
    const stored = await store.insert(junk.quote);
    expect(stored.heldAsSpam).toBe(false);
    expect((await listed(store, 'new', clock.now())).map(({ id }) => id)).toEqual([stored.id]);
  });

  test('a store with no form tokens reads none: a person is judged on the fields alone', async () => {
    const clock = manualClock();
    const store = new InMemoryQuoteRepository({ now: clock.now });
    const stored = await store.insert(sampleQuote(), [], { honeypotFilled: false, formToken: pageFormToken(new Date(0)) });
    expect(stored.heldAsSpam).toBe(false);
    const honeypot = await store.insert(sampleQuote(), [], { honeypotFilled: true, formToken: null });
    expect(honeypot.heldAsSpam).toBe(true);
    expect((await listed(store, spamView, clock.now()))[0]?.spam?.reasons.map(({ signal }) => signal)).toEqual(['honeypot', 'no-form-token']);
  });

  test('the same description counts only from the requests of the last 24 hours', async () => {
    const { clock, store } = storeAt();
    const burst = sampleQuote({ description: 'Hello! I am interested in your services. Please send me your price list.' });
    for (let copy = 0; copy < 3; copy++) await store.insert(burst);
    clock.time += 24 * 60 * 60 * 1000;
    const dayLater = await store.insert(burst, [], { honeypotFilled: false, formToken: null });
    expect(dayLater.heldAsSpam).toBe(false);
    for (let copy = 0; copy < 2; copy++) await store.insert(burst);
    const burstNow = await store.insert(burst, [], { honeypotFilled: false, formToken: null });
    expect(burstNow.heldAsSpam).toBe(true);
  });

  test('requests arriving together each count the ones before them', async () => {
    const { clock, store } = storeAt();
    const burst = sampleQuote({ description: 'Hello! I am interested in your services. Please send me your price list.' });
    const all = await Promise.all(Array.from({ length: 5 }, () => store.insert(burst, [], person)));
    // Which call is stored first depends on when its link's hash is ready; whichever it is, the first
    // three stored pass and the two after them are held.
    const held = all.filter(({ heldAsSpam }) => heldAsSpam).map(({ id }) => id);
    expect(held).toHaveLength(2);
    expect((await listed(store, spamView, clock.now())).map(({ id }) => id).toSorted()).toEqual(held.toSorted());
  });
});

describe('the Spam folder', () => {
  async function withSpam() {
    const context = storeAt();
    const spam = await context.store.insert(sampleQuote({ name: 'Bot' }), [], { honeypotFilled: true, formToken: null });
    const person = await context.store.insert(sampleQuote({ name: 'Person' }), [], { honeypotFilled: false, formToken: pageFormToken(new Date(0)) });
    return { ...context, spam, person };
  }

  test('only its own view lists it; every other view, All included, leaves it out, and so do the response times', async () => {
    const { clock, store, spam, person } = await withSpam();
    const now = clock.now();
    expect((await listed(store, spamView, now)).map(({ id }) => id)).toEqual([spam.id]);
    expect((await listed(store, 'all', now)).map(({ id }) => id)).toEqual([person.id]);
    expect((await listed(store, 'new', now)).map(({ id }) => id)).toEqual([person.id]);
    expect(await store.clockRecords(new Date(0))).toEqual([{ createdAt: person.createdAt, urgent: false, respondedAt: null }]);
  });

  test('"Not spam" moves it to Waiting as arriving now, keeps when it was sent and who decided, and tells the business', async () => {
    const { clock, store, spam, cleared } = await withSpam();
    clock.time += 3 * 60 * 60_000;
    const at = clock.now();

    const outcome = await store.record({ id: spam.id, step: { kind: 'spam-cleared' }, by: 'sam@example.co.uk', at });

    expect(outcome).toMatchObject({
      outcome: 'recorded',
      quote: { id: spam.id, createdAt: at, status: 'new', spam: { sentAt: spam.createdAt, cleared: { by: 'sam@example.co.uk', at } } },
      entry: { kind: 'spam-cleared', by: 'sam@example.co.uk', at },
    });
    expect(cleared).toEqual([expect.objectContaining({ id: spam.id, createdAt: at, name: 'Bot' })]);
    expect(await listed(store, spamView, at)).toEqual([]);
    expect((await listed(store, 'new', at)).map(({ id }) => id)).toContain(spam.id);
    expect(await store.clockRecords(at)).toEqual([{ createdAt: at, urgent: false, respondedAt: null }, expect.anything()]);
  });

  test('"Not spam" twice, on a request never judged spam, or on none', async () => {
    const { clock, store, spam, person, cleared } = await withSpam();
    const at = clock.now();
    const clear = (id: string, by: string) => store.record({ id, step: { kind: 'spam-cleared' }, by, at });
    await clear(spam.id, 'sam@example.co.uk');
    expect(await clear(spam.id, 'jo@example.co.uk')).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
    expect(await clear(person.id, 'jo@example.co.uk')).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
    expect(await clear('none', 'jo@example.co.uk')).toEqual({ outcome: 'not-found' });
    expect(cleared).toHaveLength(1);
  });

  test('deleteSpamBefore deletes only what is still in the folder and was sent before the cutoff', async () => {
    const { clock, store, spam, person } = await withSpam();
    const rescued = await store.insert(sampleQuote({ name: 'Rescued' }), [], { honeypotFilled: true, formToken: null });
    await store.record({ id: rescued.id, step: { kind: 'spam-cleared' }, by: 'sam@example.co.uk', at: clock.now() });
    clock.time += 60_000;
    const later = await store.insert(sampleQuote({ name: 'Later bot' }), [], { honeypotFilled: true, formToken: null });

    expect(await store.deleteSpamBefore(new Date(clock.time))).toBe(1);
    expect(await store.findByToken(spam.customerToken)).toBeUndefined();
    expect((await listed(store, spamView, clock.now())).map(({ id }) => id)).toEqual([later.id]);
    expect((await listed(store, 'all', clock.now())).map(({ id }) => id).sort()).toEqual([person.id, rescued.id].sort());
  });
});

describe("the customer link", () => {
  test('every request gets a token of its own, 32 random bytes in base64url, that finds it', async () => {
    const { store } = storeAt();
    const first = await store.insert(sampleQuote({ name: 'First' }));
    const second = await store.insert(sampleQuote({ name: 'Second' }), [], { honeypotFilled: true, formToken: null });
    expect(first.customerToken).toMatch(customerTokenPattern);
    expect(second.customerToken).not.toBe(first.customerToken);
    expect((await store.findByToken(first.customerToken))?.name).toBe('First');
    // Spam gets a link that works like any other: a bot cannot tell.
    expect((await store.findByToken(second.customerToken))?.name).toBe('Second');
    expect(await store.findByToken(first.customerToken.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toBeUndefined();
  });

  test("the customer's message is a note from the customer; closing it makes it lost, with the reason", async () => {
    const { clock, store } = storeAt();
    const { customerToken, id } = await store.insert(sampleQuote());
    clock.time += 10 * 60_000;
    const at = clock.now();

    expect((await store.addCustomerMessage(customerToken, 'The leak is worse now', at))?.notes).toEqual([
      { id: expect.any(String) as unknown, text: 'The leak is worse now', by: customerAuthor, at },
    ]);
    const closed = await store.closeForCustomer(customerToken, at);
    expect(closed).toMatchObject({ id, status: 'lost', respondedAt: at, history: [{ from: 'new', to: 'lost', by: customerAuthor, at }] });
    expect(closed?.notes.map(({ text, by }) => [text, by])).toEqual([
      [noLongerNeededReason, customerAuthor],
      ['The leak is worse now', customerAuthor],
    ]);
    // Closing again changes nothing.
    expect(await store.closeForCustomer(customerToken, at)).toEqual(closed);
  });

  test('a deleted request, or an unknown token, is not found by any of the three', async () => {
    const { clock, store } = storeAt();
    const { customerToken, id } = await store.insert(sampleQuote());
    await store.delete(id);
    expect(await store.findByToken(customerToken)).toBeUndefined();
    expect(await store.addCustomerMessage(customerToken, 'Hello?', clock.now())).toBeUndefined();
    expect(await store.closeForCustomer(customerToken, clock.now())).toBeUndefined();
  });

  test('a seeded request may come with its token, and spam with its mark', async () => {
    const token = 'x'.repeat(43);
    const sentAt = new Date('2024-05-01T08:00:00Z');
    const mark = { score: 10, reasons: [{ signal: 'honeypot' as const, weight: 10 }], sentAt, cleared: null };
    const store = new InMemoryQuoteRepository({ seed: [{ ...sampleQuote(), id: 's1', createdAt: sentAt, customerToken: token, spam: mark }] });
    expect(await store.findByToken(token)).toMatchObject({ id: 's1', spam: mark });
    expect((await listed(store, spamView, sentAt)).map(({ id }) => id)).toEqual(['s1']);
  });
});
