import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { NoStamp, SelfStampingQuoteInbox, StepToRecord } from '../../domain/ports/quote-inbox';
import type { QuoteRequest } from '../../domain/quote/quote';
import { customerDataContract } from '../contracts/customer-data.test-support';
import { customerLinksContract } from '../contracts/customer-links.test-support';
import { photoStoreContract } from '../contracts/photo-store.test-support';
import { quoteInboxContract } from '../contracts/quote-inbox.test-support';
import { quoteInboxCallAttemptsContract } from '../contracts/quote-inbox-call-attempts.test-support';
import { quoteRepositoryContract } from '../contracts/quote-repository.test-support';
import { quoteRetentionContract } from '../contracts/quote-retention.test-support';
import { reportSourceContract } from '../contracts/report-source.test-support';
import { spamFolderContract } from '../contracts/spam-folder.test-support';
import { serviceRemindersContract } from '../contracts/service-reminders.test-support';
import { pricedQuotesContract } from '../contracts/priced-quotes.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { type InboxSeed, InMemoryQuoteRepository } from './in-memory-quote-repository';

const make = ({ now }: { now: () => Date }) => {
  const store = new InMemoryQuoteRepository({ now });
  return { repository: store, retention: store, inbox: store };
};

quoteRepositoryContract('InMemoryQuoteRepository', make);
serviceRemindersContract('InMemoryQuoteRepository', make);
pricedQuotesContract('InMemoryQuoteRepository', make);
quoteRetentionContract('InMemoryQuoteRepository', make);
quoteInboxContract('InMemoryQuoteRepository', make);
quoteInboxCallAttemptsContract('InMemoryQuoteRepository', make);
reportSourceContract('InMemoryQuoteRepository', make);

/** Records its own staff member and the real time, as the server and Supabase do: the suite's other branch. */
class SelfStampingStore extends InMemoryQuoteRepository implements SelfStampingQuoteInbox {
  static readonly staff = 'demo@se1plumbing.example';

  override record({ id, step }: StepToRecord<NoStamp>) {
    return super.record({ id, step, by: SelfStampingStore.staff, at: new Date() });
  }

  override resendBusinessEmail(id: string) {
    return super.resendBusinessEmail(id, new Date());
  }
}

quoteInboxContract(
  'A store that stamps its own times',
  ({ now }: { now: () => Date }) => {
    const store = new SelfStampingStore({ now });
    return { repository: store, inbox: store };
  },
  { as: SelfStampingStore.staff },
);

const quote = sampleQuote();

const seeded: QuoteRequest = { ...quote, id: 'seeded', createdAt: new Date('2024-05-01T08:00:00Z') };
const now = new Date('2024-05-01T09:00:00Z');
const all = { ...defaultInboxQuery, view: 'all' as const };

async function everything(store: InMemoryQuoteRepository): Promise<readonly InboxQuote[]> {
  return (await store.findPage({ query: all, after: null, limit: 500, now })).quotes;
}

test('a bare seed waits as new, listed with the inserted ones', async () => {
  const store = new InMemoryQuoteRepository({ seed: [seeded], now: () => now });
  const { id, createdAt } = await store.insert(quote);
  const inserted = { ...quote, id, createdAt };
  expect(await everything(store)).toEqual([
    { ...inserted, status: 'new', respondedAt: null, activity: [], history: [], notes: [], taken: null, alerts: [], photos: [], spam: null, callAttempts: [] },
    { ...seeded, status: 'new', respondedAt: null, activity: [], history: [], notes: [], taken: null, alerts: [], photos: [], spam: null, callAttempts: [] },
  ]);
});

test('a seed may come worked on: status, response, history, notes, calls and email as given, kept as the log they imply', async () => {
  const worked = {
    ...seeded,
    taken: { by: 'sam@se1plumbing.example', at: new Date('2024-05-01T08:10:00Z') },
    alerts: [{ step: 'new', at: new Date('2024-05-01T08:00:00Z'), recipients: ['sam@se1plumbing.example'], everyone: false }],
    status: 'quoted',
    respondedAt: new Date('2024-05-01T08:10:00Z'),
    history: [
      { from: 'new', to: 'contacted', by: 'sam.porter@se1plumbing.example', at: new Date('2024-05-01T08:10:00Z') },
      { from: 'contacted', to: 'quoted', by: 'demo@se1plumbing.example', at: new Date('2024-05-01T08:40:00Z') },
    ],
    notes: [{ id: 'n1', text: 'Quoted £240.', by: 'demo@se1plumbing.example', at: new Date('2024-05-01T08:41:00Z') }],
    businessEmail: { sentAt: new Date('2024-05-01T08:00:05Z'), lastError: null },
    photos: [],
    spam: null,
    callAttempts: [{ by: 'sam.porter@se1plumbing.example', at: new Date('2024-05-01T08:05:00Z') }],
  } satisfies InboxSeed;
  const store = new InMemoryQuoteRepository({ seed: [worked] });
  const [listed] = await everything(store);
  expect(listed).toEqual({ ...worked, activity: expect.any(Array) as unknown });
  expect(listed?.activity.map(({ kind }) => kind)).toEqual(['call-attempted', 'taken', 'status-moved', 'status-moved', 'note']);
  expect(await store.resendBusinessEmail('seeded', now)).toBe('already-sent');
});

test('among requests stored at the same time, the later id comes first', async () => {
  let id = 0;
  const store = new InMemoryQuoteRepository({ now: () => now, newId: () => `q${++id}` });
  for (let i = 0; i < 3; i++) await store.insert(quote);
  expect((await everything(store)).map(({ id }) => id)).toEqual(['q3', 'q2', 'q1']);
});

test('changing anything handed out does not change what is stored', async () => {
  const store = new InMemoryQuoteRepository({ now: () => now });
  const inserted = await store.insert(quote);
  await store.record({ id: inserted.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'a@example.co.uk', at: now });
  const noted = await store.record({ id: inserted.id, step: { kind: 'note', text: 'Rang.' }, by: 'a@example.co.uk', at: now });
  const expected = await everything(store);

  inserted.createdAt.setFullYear(1999);
  if (noted.outcome !== 'recorded') throw new Error('the note was not recorded');
  noted.entry.at.setFullYear(1999);
  noted.quote.activity[0]?.at.setFullYear(1999);
  const [listed] = await everything(store);
  if (listed === undefined) throw new Error('the inserted quote is missing');
  listed.name = 'Someone else';
  listed.respondedAt?.setFullYear(1999);
  listed.history[0]?.at.setFullYear(1999);
  listed.notes[0]?.at.setFullYear(1999);
  listed.activity[0]?.at.setFullYear(1999);
  (listed.history as unknown[]).length = 0;
  (listed.activity as unknown[]).length = 0;

  expect(await everything(store)).toEqual(expected);
});

test('changing the seed afterwards does not change what is stored', async () => {
  const seed = { ...seeded, createdAt: new Date(seeded.createdAt), notes: [{ id: 'n', text: 'x', by: 'b', at: new Date(now) }] };
  const store = new InMemoryQuoteRepository({ seed: [seed] });
  seed.name = 'Someone else';
  seed.createdAt.setFullYear(1999);
  seed.notes[0]?.at.setFullYear(1999);
  expect(await everything(store)).toMatchObject([{ ...seeded, notes: [{ at: now }] }]);
});

test('a note written at an earlier moment than the newest goes after it', async () => {
  const store = new InMemoryQuoteRepository({ seed: [seeded] });
  const at = (minute: number) => new Date(now.getTime() + minute * 60_000);
  for (const [text, minute] of [['ten', 10], ['twenty', 20], ['fifteen', 15], ['twenty again', 20]] as const) {
    await store.record({ id: 'seeded', step: { kind: 'note', text }, by: 'a@example.co.uk', at: at(minute) });
  }
  expect((await everything(store))[0]?.notes.map(({ text }) => text)).toEqual(['twenty again', 'twenty', 'fifteen', 'ten']);
});

test('resending: the demo counts the email as sent at once, and a second resend finds it sent', async () => {
  const failing = { ...seeded, businessEmail: { sentAt: null, lastError: 'SMTP 421 4.7.0 Try again later' } };
  const store = new InMemoryQuoteRepository({ seed: [failing, { ...seeded, id: 'silent' }] });

  expect(await store.resendBusinessEmail('seeded', now)).toBe('queued');
  expect(await store.resendBusinessEmail('seeded', now)).toBe('already-sent');
  expect(await store.resendBusinessEmail('silent', now)).toBe('queued');
  expect((await everything(store)).map(({ businessEmail }) => businessEmail)).toEqual([
    { sentAt: now, lastError: null },
    { sentAt: now, lastError: null },
  ]);
});

test('seeded requests can be deleted like inserted ones, singly or by age', async () => {
  const old = { ...seeded, id: 'old', createdAt: new Date('2022-01-01T08:00:00Z') };
  const store = new InMemoryQuoteRepository({ seed: [seeded, old], now: () => now });
  const inserted = await store.insert(quote);

  expect(await store.deleteCreatedBefore(new Date('2024-01-01T00:00:00Z'))).toBe(1);
  expect(await store.delete('seeded')).toBe(true);
  expect((await everything(store)).map(({ id }) => id)).toEqual([inserted.id]);
});

customerDataContract('InMemoryQuoteRepository', ({ now }) => {
  const store = new InMemoryQuoteRepository({ now });
  return { repository: store, inbox: store, customerData: store };
});

photoStoreContract('InMemoryQuoteRepository', ({ now }) => {
  const store = new InMemoryQuoteRepository({ now });
  return { repository: store, retention: store, inbox: store, customerData: store, photos: store };
});

test('a seeded request shows its photos, and those given with their images can be read', async () => {
  const body = Uint8Array.from([0xff, 0xd8, 0xff, 1]);
  const thumbnail = Uint8Array.from([0xff, 0xd8, 0xff, 2]);
  const ref = { id: 'p1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 };
  const store = new InMemoryQuoteRepository({ seed: [{ ...seeded, photos: [{ ...ref, body, thumbnail }, { ...ref, id: 'p2' }] }] });
  const [quote] = (await store.findPage({ query: defaultInboxQuery, after: null, limit: 10, now: new Date('2024-05-02T00:00:00Z') })).quotes;
  expect(quote?.photos).toEqual([ref, { ...ref, id: 'p2' }]);
  expect(await store.read(seeded.id, 'p1', 'full')).toEqual({ contentType: 'image/jpeg', body });
  expect(await store.read(seeded.id, 'p1', 'thumbnail')).toEqual({ contentType: 'image/jpeg', body: thumbnail });
  expect(await store.read(seeded.id, 'p2', 'full')).toBeUndefined();
});

spamFolderContract('InMemoryQuoteRepository', ({ now, formTokens }) => {
  const store = new InMemoryQuoteRepository({ now, formTokens });
  return { repository: store, retention: store, inbox: store };
});

spamFolderContract(
  'A store that stamps its own times',
  ({ now, formTokens }: { now: () => Date; formTokens: FormTokens }) => {
    const store = new SelfStampingStore({ now, formTokens });
    const inbox: SelfStampingQuoteInbox = store;
    return { repository: store, retention: store, inbox };
  },
  { as: SelfStampingStore.staff },
);

customerLinksContract('InMemoryQuoteRepository', ({ now }) => {
  const store = new InMemoryQuoteRepository({ now });
  return { repository: store, inbox: store, links: store, reviewOptOuts: store };
});

test('in the demo, an address that said stop or was erased is never asked for a review, however it is written', async () => {
  const store = new InMemoryQuoteRepository();
  const stopped = await store.insert(sampleQuote({ name: 'Said Stop', email: 'said.stop@example.co.uk' }));
  await store.insert(sampleQuote({ name: 'Was Erased', email: 'erased@example.co.uk' }));
  expect(await store.isOptedOut('said.stop@example.co.uk')).toBe(false);
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) {
    await store.record({ id: stopped.id, step: { kind: 'status-moved', from, to }, by: 'sam@example.co.uk', at: new Date() });
  }
  await store.stopReviews(stopped.customerToken);
  await store.eraseCustomerData({ email: 'erased@example.co.uk', phone: null });
  expect(await store.isOptedOut(' Said.Stop@Example.CO.UK ')).toBe(true);
  expect(await store.isOptedOut('ERASED@example.co.uk')).toBe(true);
  expect(await store.isOptedOut('someone.else@example.co.uk')).toBe(false);
});
