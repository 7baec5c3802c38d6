import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { customerAuthor } from '../../domain/activity/actor';
import { noLongerNeededReason } from '../../domain/customer-link/customer-link';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { CustomerLinkStore } from '../../domain/ports/customer-link-store';
import type { EmailOptOuts } from '../../domain/ports/email-opt-outs';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { recorded } from './recorded-step.test-support';
import { readAll, requestOf, type StoreUnderTest, withStore } from './store-under-test.test-support';

const minute = 60_000;
const sam = 'sam.porter@se1plumbing.example';

/** A store that also finds requests by their customers' tokens. */
export interface CustomerLinkStoreUnderTest extends StoreUnderTest {
  links: CustomerLinkStore;
  /** The addresses never to ask for a review again, as the review emails read them. */
  reviewOptOuts: Pick<EmailOptOuts, 'isOptedOut'>;
}

/** A token shaped as a real one, that no store gave. */
const guessedToken = () => randomBytes(32).toString('base64url');

/** Through the steps a job takes to done. */
async function finish(inbox: QuoteInbox, id: string, at: Date) {
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) await recorded(inbox, { id, step: { kind: 'status-moved', from, to }, by: sam, at });
}

async function shown(inbox: QuoteInbox, id: string, now: Date) {
  return (await readAll(inbox, { ...defaultInboxQuery, view: allView }, now)).quotes.find((quote) => quote.id === id);
}

/**
 * The behaviour every CustomerLinkStore adapter must have: the token `insert` gave finds its request
 * and nothing else does; the customer's message becomes a note from them; "No longer needed" closes it
 * as lost, by them. Every method answers undefined for a token no request has.
 */
export function customerLinksContract(name: string, make: (options: { now: () => Date }) => Promise<CustomerLinkStoreUnderTest> | CustomerLinkStoreUnderTest): void {
  describe(`${name} as a CustomerLinkStore`, () => {
    test('the token insert gave finds its request as staff see it, and only that one', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        const theirs = await repository.insert(sampleQuote({ name: 'Priya' }));
        const other = await repository.insert(sampleQuote({ name: 'Tom' }));
        const found = await links.findByToken(theirs.customerToken);
        expect(found).toEqual(await shown(inbox, theirs.id, clock.now()));
        expect(found && requestOf(found)).toEqual(requestOf(theirs));
        expect((await links.findByToken(other.customerToken))?.id).toBe(other.id);
      });
    });

    test('a request held as spam has its link like any other: the sender cannot tell', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, links }) => {
        const held = await repository.insert(sampleQuote(), [], { honeypotFilled: true, formToken: null });
        expect((await links.findByToken(held.customerToken))?.id).toBe(held.id);
      });
    });

    test('a guessed token, a malformed one and a deleted request’s token find nothing, and change nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        const kept = await repository.insert(sampleQuote({ name: 'Kept' }));
        const gone = await repository.insert(sampleQuote({ name: 'Gone' }));
        await repository.delete(gone.id);
        const before = await shown(inbox, kept.id, clock.now());
        for (const token of [guessedToken(), 'not-a-token', '', kept.customerToken.toUpperCase(), gone.customerToken]) {
          expect(await links.findByToken(token)).toBeUndefined();
          expect(await links.addCustomerMessage(token, 'Hello?', clock.now())).toBeUndefined();
          expect(await links.closeForCustomer(token, clock.now())).toBeUndefined();
        }
        expect(await shown(inbox, kept.id, clock.now())).toEqual(before);
      });
    });

    test("the customer's message becomes a note from the customer, beside staff's", async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        const stored = await repository.insert(sampleQuote({ urgent: true }));
        clock.time += minute;
        await recorded(inbox, { id: stored.id, step: { kind: 'note', text: 'Rang, no answer' }, by: sam, at: clock.now() });
        clock.time += minute;
        const at = clock.now();
        const text = 'The leak is worse now.\nWater through the ceiling 😟';
        const quote = await links.addCustomerMessage(stored.customerToken, text, at);
        expect(quote?.notes.map(({ text, by, at }) => ({ text, by, at }))).toEqual([
          { text, by: customerAuthor, at },
          { text: 'Rang, no answer', by: sam, at: new Date(at.getTime() - minute) },
        ]);
        expect(quote).toMatchObject({ status: 'new', history: [] });
        // The customer's own kind of step, not a staff note.
        expect(quote?.activity.map(({ kind, by }) => [kind, by])).toEqual([
          ['note', sam],
          ['customer-wrote', customerAuthor],
        ]);
        expect(await shown(inbox, stored.id, clock.now())).toEqual(quote);
      });
    });

    test('"No longer needed" closes a waiting request as lost, by the customer, with a note saying so', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        const stored = await repository.insert(sampleQuote());
        clock.time += 5 * minute;
        const at = clock.now();
        const quote = await links.closeForCustomer(stored.customerToken, at);
        expect(quote?.status).toBe('lost');
        expect(quote?.history).toEqual([{ from: 'new', to: 'lost', by: customerAuthor, at }]);
        expect(quote?.notes.map(({ text, by, at }) => ({ text, by, at }))).toEqual([{ text: noLongerNeededReason, by: customerAuthor, at }]);
        expect(quote?.activity.map(({ kind, by, at }) => ({ kind, by, at }))).toEqual([
          { kind: 'status-moved', by: customerAuthor, at },
          { kind: 'customer-wrote', by: customerAuthor, at },
        ]);
        // It no longer waits: it stopped waiting when the customer closed it.
        expect(quote?.respondedAt).toEqual(at);
        expect(await shown(inbox, stored.id, clock.now())).toEqual(quote);

        // Closed already: answered as it is, with nothing added.
        clock.time += minute;
        expect(await links.closeForCustomer(stored.customerToken, clock.now())).toEqual(quote);
      });
    });

    test('"No longer needed" after a call keeps the response time, and the history staff made', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        const stored = await repository.insert(sampleQuote());
        clock.time += 10 * minute;
        const called = clock.now();
        await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: called });
        await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'quoted' }, by: sam, at: called });
        clock.time += 60 * minute;
        const at = clock.now();
        const quote = await links.closeForCustomer(stored.customerToken, at);
        expect(quote?.status).toBe('lost');
        expect(quote?.respondedAt).toEqual(called);
        expect(quote?.history.map(({ from, to, by }) => [from, to, by])).toEqual([
          ['new', 'contacted', sam],
          ['contacted', 'quoted', sam],
          ['quoted', 'lost', customerAuthor],
        ]);
        // Staff may still take it up again, as any lost request.
        const reopened = await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'lost', to: 'contacted' }, by: sam, at: clock.now() });
        expect(reopened.outcome).toBe('recorded');
      });
    });

    test('following the review link is recorded once on a job done, its first time kept, and staff see it; a guessed token records nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        const stored = await repository.insert(sampleQuote());
        expect(await links.openReview(guessedToken(), clock.now())).toBeUndefined();
        await finish(inbox, stored.id, clock.now());
        const before = await shown(inbox, stored.id, clock.now());
        const first = clock.now();
        expect((await links.openReview(stored.customerToken, first))?.review).toEqual({ askedAt: null, remindedAt: null, openedAt: first });
        clock.time += 60 * minute;
        await links.openReview(stored.customerToken, clock.now());
        const quote = await shown(inbox, stored.id, clock.now());
        expect(quote?.review).toEqual({ askedAt: null, remindedAt: null, openedAt: first });
        // One step of its life, the customer's.
        expect(quote?.activity.slice(before?.activity.length).map(({ kind, by, at }) => ({ kind, by, at }))).toEqual([{ kind: 'review-opened', by: customerAuthor, at: first }]);
      });
    });

    test('the review link of a request never asked for a review nor done finds it and records nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links }) => {
        // Anyone may send a request and get its link; staff have not even called.
        const stored = await repository.insert(sampleQuote());
        await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: clock.now() });
        await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'won' }, by: sam, at: clock.now() });
        const before = await shown(inbox, stored.id, clock.now());
        clock.time += minute;
        expect(await links.openReview(stored.customerToken, clock.now())).toEqual(before);
        expect(await shown(inbox, stored.id, clock.now())).toEqual(before);
        expect(before?.review).toBeUndefined();
      });
    });

    test('"Stop review emails" on a job done records its address, and changes nothing staff see; a guessed token finds nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links, reviewOptOuts }) => {
        const stored = await repository.insert(sampleQuote({ email: 'said.stop@example.co.uk' }));
        await finish(inbox, stored.id, clock.now());
        const before = await shown(inbox, stored.id, clock.now());
        expect(await links.stopReviews(guessedToken(), clock.now())).toBeUndefined();
        expect(await links.stopReviews(stored.customerToken, clock.now())).toEqual(before);
        expect(await shown(inbox, stored.id, clock.now())).toEqual(before);
        expect(await reviewOptOuts.isOptedOut('said.stop@example.co.uk')).toBe(true);
      });
    });

    test('"Stop review emails" through a request never asked for a review nor done records nothing: anyone can send one with another’s address', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox, links, reviewOptOuts }) => {
        const victim = 'someone.else@example.co.uk';
        for (const status of ['new', 'won'] as const) {
          const stored = await repository.insert(sampleQuote({ email: victim }));
          if (status === 'won') {
            await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: clock.now() });
            await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'won' }, by: sam, at: clock.now() });
          }
          const before = await shown(inbox, stored.id, clock.now());
          expect(await links.stopReviews(stored.customerToken, clock.now())).toEqual(before);
          expect(await shown(inbox, stored.id, clock.now())).toEqual(before);
        }
        expect(await reviewOptOuts.isOptedOut(victim)).toBe(false);
      });
    });
  });
}
