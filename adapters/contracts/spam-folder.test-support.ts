import { describe, expect, test } from 'vitest';
import { allView, defaultInboxQuery, type InboxView, spamView } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { QuoteInbox, SelfStampingQuoteInbox } from '../../domain/ports/quote-inbox';
import type { QuoteRetention } from '../../domain/ports/quote-repository';
import type { NewQuote } from '../../domain/quote/quote';
import { type Arrival, spamThreshold } from '../../domain/spam/spam';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { recorded } from './recorded-step.test-support';
import { readAll, type StoreUnderTest, withStore } from './store-under-test.test-support';

const minute = 60_000;
const day = 24 * 60 * minute;
const sam = 'sam.porter@se1plumbing.example';
const unknownIds = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'];

/**
 * The quote form's tokens as the suites make them: "issued-at:<ms>", read back as the seconds since.
 * Anything else is forged, as a store's own tokens would find it.
 */
const fakeFormTokens: FormTokens = {
  issue: (now) => Promise.resolve(`issued-at:${now.getTime()}`),
  secondsSince: (token, now) => {
    const issuedAt = /^issued-at:(\d+)$/.exec(token)?.[1];
    return Promise.resolve(issuedAt === undefined ? null : (now.getTime() - Number(issuedAt)) / 1000);
  },
};

/** A store that judges what arrives and keeps a Spam folder, with the fake form tokens to read times by. */
interface SpamStoreUnderTest extends StoreUnderTest {
  retention: Pick<QuoteRetention, 'deleteSpamBefore'>;
}

/** Makes an empty store whose insert stamps `now()` and reads form tokens with `formTokens`. */
export type MakeSpamStore<Inbox extends QuoteInbox = QuoteInbox> = (options: {
  now: () => Date;
  formTokens: FormTokens;
}) => Promise<SpamStoreUnderTest & { inbox: Inbox }> | (SpamStoreUnderTest & { inbox: Inbox });

/** A request a person sent from the form a minute after it was issued: nothing about it is spam. */
const personArrival = (now: Date): Arrival => ({ honeypotFilled: false, formToken: `issued-at:${now.getTime() - minute}` });

/** "Not spam", as staff say it. */
const notSpam = { kind: 'spam-cleared' } as const;

/** A script filling the field only bots see. */
const botArrival: Arrival = { honeypotFilled: true, formToken: null };

/** Spam by its fields alone (a link for a name, a number nobody has), were it judged. */
const junk: NewQuote = sampleQuote({ name: 'https://cheap-seo.example.com', phone: '0000000000', description: 'Best backlinks for your site.' });

async function idsIn(inbox: QuoteInbox, view: InboxView, now: Date): Promise<string[]> {
  return (await readAll(inbox, { ...defaultInboxQuery, view }, now)).quotes.map(({ id }) => id);
}

async function shownIn(inbox: QuoteInbox, view: InboxView, id: string, now: Date): Promise<InboxQuote | undefined> {
  return (await readAll(inbox, { ...defaultInboxQuery, view }, now)).quotes.find((quote) => quote.id === id);
}

/**
 * The Spam folder, as every store that judges requests must keep it: what `insert` with an arrival
 * holds there and why, that only the Spam view lists it, "Not spam" (a spam-cleared step), and the folder's
 * purge (deleteSpamBefore). An inbox that stamps its own who and when is given the staff member it is
 * signed in as, as for quoteInboxContract.
 */
export function spamFolderContract<Make extends MakeSpamStore>(
  name: string,
  make: Make,
  ...signedIn: Awaited<ReturnType<Make>>['inbox'] extends SelfStampingQuoteInbox ? [signedIn: { as: string }] : []
): void;
export function spamFolderContract(name: string, make: MakeSpamStore, signedIn?: { as: string }): void {
  const makeStore = ({ now }: { now: () => Date }) => make({ now, formTokens: fakeFormTokens });
  const stampedBy = signedIn?.as;

  describe(`${name}: the Spam folder`, () => {
    test('a request that fills the hidden field is held in the Spam folder with its reasons, and listed in no other view', async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const held = await repository.insert(sampleQuote({ name: 'Filled the honeypot' }), [], botArrival);
        const person = await repository.insert(sampleQuote({ name: 'A person' }), [], personArrival(clock.now()));
        expect(held.heldAsSpam).toBe(true);
        expect(person.heldAsSpam ?? false).toBe(false);
        expect(held.customerToken).not.toBe(person.customerToken);

        clock.time += minute;
        const now = clock.now();
        expect(await idsIn(inbox, spamView, now)).toEqual([held.id]);
        for (const view of [allView, 'new'] as const) expect(await idsIn(inbox, view, now)).toEqual([person.id]);
        const shown = await shownIn(inbox, spamView, held.id, now);
        expect(shown?.status).toBe('new');
        expect(shown?.spam?.reasons.map(({ signal }) => signal)).toContain('honeypot');
        expect(shown?.spam?.score).toBeGreaterThanOrEqual(spamThreshold);
        expect(shown?.spam?.sentAt).toEqual(held.createdAt);
        expect(shown?.spam?.cleared).toBeNull();
        expect((await shownIn(inbox, allView, person.id, now))?.spam).toBeNull();
      });
    });

    test('the Spam view pages newest first with its own total', async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const held: string[] = [];
        for (let i = 0; i < 3; i++) {
          held.push((await repository.insert(sampleQuote({ name: `Bot ${i}` }), [], botArrival)).id);
          clock.time += minute;
        }
        await repository.insert(sampleQuote(), [], personArrival(clock.now()));
        const { quotes, totals } = await readAll(inbox, { ...defaultInboxQuery, view: spamView }, clock.now(), 2);
        expect(quotes.map(({ id }) => id)).toEqual([...held].reverse());
        expect(totals).toEqual([3, 3]);
      });
    });

    test('requests in the Spam folder are left out of the response times', async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const since = clock.now();
        await repository.insert({ ...junk, urgent: true }, [], botArrival);
        const person = await repository.insert(sampleQuote(), [], personArrival(clock.now()));
        expect(await inbox.clockRecords(new Date(since.getTime() - day))).toEqual([{ createdAt: person.createdAt, urgent: false, respondedAt: null }]);
      });
    });

    test('without how it arrived a request is not judged, however it reads', async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(junk);
        expect(stored.heldAsSpam ?? false).toBe(false);
        expect(await idsIn(inbox, spamView, clock.now())).toEqual([]);
        expect((await shownIn(inbox, 'new', stored.id, clock.now()))?.spam).toBeNull();
      });
    });

    test("a request sent within a second of the form's token is held as too fast; one sent a minute after is not", async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const fast = await repository.insert(sampleQuote({ name: 'Fast' }), [], { honeypotFilled: false, formToken: `issued-at:${clock.time - 500}` });
        const slow = await repository.insert(sampleQuote({ name: 'Slow' }), [], personArrival(clock.now()));
        expect(await idsIn(inbox, spamView, clock.now())).toEqual([fast.id]);
        expect((await shownIn(inbox, spamView, fast.id, clock.now()))?.spam?.reasons.map(({ signal }) => signal)).toContain('too-fast');
        expect(await idsIn(inbox, 'new', clock.now())).toEqual([slow.id]);
      });
    });

    test('the same description a fourth time within a day counts as repeated; after a day it starts over', async () => {
      const clock = manualClock();
      const text = 'Leaking pipe under the kitchen sink, please call me back today.';
      // Without a form token each copy has one weak sign; a repeat beside it makes spam.
      const noToken: Arrival = { honeypotFilled: false, formToken: null };
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const copies = [];
        for (let i = 0; i < 3; i++) {
          copies.push(await repository.insert(sampleQuote({ name: `Copy ${i}`, description: text }), [], noToken));
          clock.time += 10 * minute;
        }
        expect(copies.map(({ heldAsSpam }) => heldAsSpam ?? false)).toEqual([false, false, false]);
        // Case, spacing and punctuation do not make it another text.
        const fourth = await repository.insert(sampleQuote({ name: 'Copy 3', description: text.toUpperCase().replaceAll(',', '') }), [], noToken);
        expect(fourth.heldAsSpam).toBe(true);
        const shown = await shownIn(inbox, spamView, fourth.id, clock.now());
        expect(shown?.spam?.reasons.map(({ signal }) => signal)).toEqual(['no-form-token', 'repeated']);

        clock.time += day + minute;
        const nextDay = await repository.insert(sampleQuote({ name: 'Next day', description: text }), [], noToken);
        expect(nextDay.heldAsSpam ?? false).toBe(false);
      });
    });

    test('"Not spam" moves it to Waiting as if it arrived then, keeping when it was sent and recording who decided', async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const held = await repository.insert({ ...junk, urgent: true }, [], botArrival);
        clock.time += 3 * 60 * minute;
        const at = clock.now();

        const result = await inbox.record({ id: held.id, step: notSpam, by: sam, at });
        if (result.outcome !== 'recorded') throw new Error(`expected it cleared, got ${result.outcome}`);
        const { quote, entry } = result;
        const cleared = quote.spam?.cleared;
        if (cleared == null) throw new Error('the mark records no clearing');
        if (stampedBy === undefined) {
          expect(cleared).toEqual({ by: sam, at });
          expect(quote.createdAt).toEqual(at);
        } else {
          expect(cleared.by).toBe(stampedBy);
          expect(quote.createdAt).toEqual(cleared.at);
        }
        expect(quote.spam?.sentAt).toEqual(held.createdAt);
        expect(quote.spam?.reasons.map(({ signal }) => signal)).toContain('honeypot');
        expect(quote).toMatchObject({ id: held.id, status: 'new', respondedAt: null, taken: null });
        expect(entry).toEqual({ kind: 'spam-cleared', id: entry.id, ...cleared });
        expect(quote.activity).toEqual([entry]);

        expect(await idsIn(inbox, spamView, clock.now())).toEqual([]);
        expect(await shownIn(inbox, 'new', held.id, clock.now())).toEqual(quote);
        // Its clock starts when it was cleared: not overdue three hours after it was sent.
        expect(await inbox.clockRecords(new Date(at.getTime() - minute))).toEqual([{ createdAt: quote.createdAt, urgent: true, respondedAt: null }]);

        expect(await inbox.record({ id: held.id, step: notSpam, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
      });
    });

    test('"Not spam" on a request never held is not-spam, and on one that is not there not-found', async () => {
      const clock = manualClock();
      await withStore(makeStore, clock.now, async ({ repository, inbox }) => {
        const person = await repository.insert(sampleQuote(), [], personArrival(clock.now()));
        const gone = await repository.insert(junk, [], botArrival);
        await repository.delete(gone.id);
        expect(await inbox.record({ id: person.id, step: notSpam, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
        for (const id of [...unknownIds, gone.id]) expect(await inbox.record({ id, step: notSpam, by: sam, at: clock.now() })).toEqual({ outcome: 'not-found' });
        expect((await shownIn(inbox, 'new', person.id, clock.now()))?.spam).toBeNull();
      });
    });

    test('the spam purge deletes only what is still in the Spam folder and was sent before the cutoff', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(makeStore, clock.now, async ({ repository, inbox, retention }) => {
        const oldSpam = await repository.insert({ ...junk, name: 'Old spam' }, [], botArrival);
        const rescued = await repository.insert({ ...junk, name: 'Rescued' }, [], botArrival);
        const oldPerson = await repository.insert(sampleQuote({ name: 'Old person' }), [], personArrival(clock.now()));
        clock.time += day;
        await recorded(inbox, { id: rescued.id, step: notSpam, by: sam, at: clock.now() });
        const cutoff = clock.now();
        const atCutoff = await repository.insert({ ...junk, name: 'Sent at the cutoff' }, [], botArrival);
        clock.time += day;
        const recent = await repository.insert({ ...junk, name: 'Recent spam' }, [], botArrival);

        expect(await retention.deleteSpamBefore(cutoff)).toBe(1);
        expect(await idsIn(inbox, spamView, clock.now())).toEqual([recent.id, atCutoff.id]);
        expect((await idsIn(inbox, allView, clock.now())).sort()).toEqual([rescued.id, oldPerson.id].sort());
        expect(await repository.delete(oldSpam.id)).toBe(false);
        expect(await retention.deleteSpamBefore(cutoff)).toBe(0);
      });
    });
  });
}
