// Bench-only (adapters/sql/inbox.bench.ts): two years of a busy business's requests, written in bulk.
import type { Insertable, Kysely } from 'kysely';
import { searchTextOf } from '../../../domain/inbox/inbox-query';
import { toNamedFields } from '../../../domain/quote/quote';
import type { QuoteStatus } from '../../../domain/inbox/quote-status';
import { dueAt } from '../../../domain/inbox/response-clock';
import type { ServiceType } from '../../../domain/quote/service-type';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { seededRandom } from '../../../fixtures/seeded-random';
import type { Database, NotificationsTable, QuoteActivityTable, QuoteRequestsTable } from '../database';

const minute = 60_000;
const day = 24 * 60 * minute;

/** The surname the benchmark searches for: one request in 2,500 has it. */
export const rareSurname = 'Fairweather';

const firstNames = ['Priya', 'Tom', 'Grace', 'Marco', 'Daniel', 'Aisha', 'Sean', 'Zoë', 'Łukasz', 'Siobhán', 'Olu', 'Hannah', 'Mei', 'Jamal', 'Freya', 'Kofi', 'Ana', 'Ravi', 'Ellie', 'Tariq'];
const surnames = ['Raman', 'Okafor', 'Whitfield', 'Bellini', 'Hughes', 'Mensah', 'Gallagher', 'Adeyemi', 'Großmann', "O'Brien", 'Smith', 'Jones', 'Patel', 'Chen', 'Murphy', 'Nowak', 'Begum', 'Taylor', 'Ahmed', 'Clarke'];
const streets = ['Tooley Street', 'Long Lane', 'Borough High Street', 'Bermondsey Street', 'The Cut', 'Southwark Street', 'Great Suffolk Street', 'Union Street'];
const jobs: Record<ServiceType, readonly string[]> = {
  emergency: ['Burst pipe under the stairs', 'Water coming through the ceiling', 'No water at all since this morning'],
  heating: ['Combi boiler shows F28, no hot water', 'Radiators cold at the top', 'Boiler pressure keeps dropping'],
  bathroom: ['Replace a bath with a walk-in shower', 'New bathroom suite and tiling', 'Extractor fan and basin swap'],
  general: ['Slow-draining kitchen sink', 'Dripping tap in the bathroom', 'Toilet keeps running'],
  maintenance: ['Annual boiler service', 'Landlord gas safety check', 'Power flush of the heating'],
  other: ['Outside tap for the garden', 'Move a radiator before decorating', 'Washing machine plumbing'],
};

const pathTo: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  new: [],
  contacted: ['contacted'],
  quoted: ['contacted', 'quoted'],
  won: ['contacted', 'quoted', 'won'],
  done: ['contacted', 'quoted', 'won', 'done'],
  lost: ['contacted', 'quoted', 'lost'],
};

/** The requests, their emails, and the steps of their lives by kind: all three kinds are rows of `quote_activity`. */
interface Seeded {
  requests: Insertable<QuoteRequestsTable>[];
  changes: Insertable<QuoteActivityTable>[];
  notes: Insertable<QuoteActivityTable>[];
  notifications: Insertable<NotificationsTable>[];
  calls: Insertable<QuoteActivityTable>[];
}

const office = 'office@example.co.uk';

/** A step as the store writes it: its kind, by the office, at `at`, with its data as JSON. */
const step = (quoteId: string, kind: string, at: Date, data: object = {}): Insertable<QuoteActivityTable> => ({
  id: crypto.randomUUID(),
  quote_id: quoteId,
  kind,
  by: office,
  at: at.toISOString(),
  data: JSON.stringify(data),
});

/** Where the requests came from, each as likely: an ad, the Business Profile, a search, a neighbour's post, or nowhere said. */
const sources = [
  { hasGclid: true, referrerHost: 'www.google.com', utmSource: 'google', utmMedium: 'cpc' },
  { hasGclid: false, referrerHost: null, utmSource: 'gbp', utmMedium: 'organic' },
  { hasGclid: false, referrerHost: 'www.google.co.uk', utmSource: null, utmMedium: null },
  { hasGclid: false, referrerHost: 'nextdoor.co.uk', utmSource: null, utmMedium: null },
  { hasGclid: false, referrerHost: null, utmSource: null, utmMedium: null },
] as const;

/**
 * `count` requests spread over the two years before `now`: about 5% urgent (most of them emergencies),
 * nearly all answered and moved on, a few hundred still waiting (most of the last three days' and a
 * few forgotten ones), some with notes, each with its business email sent and, when they gave an
 * address, their own.
 */
export function benchRequests(count: number, now: Date): Seeded {
  const random = seededRandom(20_240_501);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  };
  const seeded: Seeded = { requests: [], changes: [], notes: [], notifications: [], calls: [] };
  const span = 730 * day;
  for (let index = 0; index < count; index++) {
    const createdAt = new Date(now.getTime() - span + Math.floor(((index + random()) / count) * span));
    const serviceType: ServiceType = random() < 0.1 ? 'emergency' : pick(['heating', 'bathroom', 'general', 'maintenance', 'other'] as const);
    const urgent = serviceType === 'emergency' ? random() < 0.45 : random() < 0.005;
    const first = pick(firstNames);
    const surname = index % 2500 === 1234 ? rareSurname : pick(surnames);
    const name = `${first} ${surname}`;
    const email = random() < 0.7 ? `${first}.${surname}${index % 97}@example.co.uk`.toLowerCase().replace(/[^a-z0-9.@]/g, '') : null;
    const phone = random() < 0.6 ? `07700 900${String(Math.floor(random() * 1000)).padStart(3, '0')}` : `020 7946 0${String(Math.floor(random() * 1000)).padStart(3, '0')}`;
    const description = random() < 0.9 ? `${pick(jobs[serviceType])}, ${pick(streets)}.` : null;
    const age = now.getTime() - createdAt.getTime();
    const waiting = age < 3 * day ? random() < 0.6 : random() < 0.0005;
    const status: QuoteStatus = waiting ? 'new' : pick(['contacted', 'quoted', 'quoted', 'won', 'won', 'won', 'lost', 'lost'] as const);
    const respondedAt = status === 'new' ? null : new Date(createdAt.getTime() + (urgent ? 5 + random() * 40 : 10 + random() * 200) * minute);
    // One in six first rang when nobody picked up, a few minutes in.
    const firstCalledAt = random() < 1 / 6 ? new Date(createdAt.getTime() + (2 + random() * 20) * minute) : null;
    const wonPence = status === 'won' && random() < 0.8 ? Math.round(5_000 + random() * 300_000) : null;
    // Three in four of those quoted or further sent a priced quote (drawn by position, leaving the rest as drawn before); those won by it accepted it.
    const quotedPence = (status === 'quoted' || status === 'won' || status === 'lost') && index % 4 !== 0 ? (wonPence ?? 5_000 + (index % 1000) * 300) : null;
    const id = crypto.randomUUID();
    const quote = { ...sampleQuote({ name, email, phone, serviceType, description, urgent }), ...pick(sources) };
    seeded.requests.push({
      id,
      created_at: createdAt.toISOString(),
      ...toNamedFields(quote),
      status,
      responded_at: respondedAt?.toISOString() ?? null,
      due_at: dueAt({ createdAt, urgent }).toISOString(),
      search_text: searchTextOf(quote),
      won_pence: wonPence,
      first_called_at: firstCalledAt?.toISOString() ?? null,
      quoted_pence: quotedPence,
      quote_accepted_at: quotedPence !== null && status === 'won' ? (respondedAt?.toISOString() ?? null) : null,
    });
    if (firstCalledAt !== null) seeded.calls.push(step(id, 'call-attempted', firstCalledAt));
    let from: QuoteStatus = 'new';
    let at = respondedAt ?? createdAt;
    for (const to of pathTo[status]) {
      seeded.changes.push(step(id, 'status-moved', at, { from, to, ...(to === 'won' && wonPence !== null && { wonPence }) }));
      from = to;
      at = new Date(at.getTime() + random() * 3 * day);
    }
    if (random() < 0.2) {
      seeded.notes.push(step(id, 'note', respondedAt ?? createdAt, { text: 'Rang back, booked a visit.' }));
    }
    for (const kind of email === null ? (['business'] as const) : (['business', 'customer'] as const)) {
      const sent = new Date(createdAt.getTime() + 2000).toISOString();
      seeded.notifications.push({ id: crypto.randomUUID(), quote_id: id, kind, created_at: createdAt.toISOString(), sent_at: sent, attempts: 1, next_attempt_at: sent, last_error: null });
    }
  }
  return seeded;
}

/** Writes the rows in multi-row INSERTs, many to a transaction: the way a bulk import would. */
export async function insertInBulk(db: Kysely<Database>, seeded: Seeded): Promise<void> {
  await inChunks(db, seeded.requests, (tx, rows) => tx.insertInto('quote_requests').values(rows).execute());
  for (const steps of [seeded.changes, seeded.notes, seeded.calls]) await inChunks(db, steps, (tx, rows) => tx.insertInto('quote_activity').values(rows).execute());
  await inChunks(db, seeded.notifications, (tx, rows) => tx.insertInto('notifications').values(rows).execute());
}

/** 500 rows to a statement (well under either database's limit on parameters), 20 statements to a transaction. */
async function inChunks<Row>(db: Kysely<Database>, rows: readonly Row[], insert: (tx: Kysely<Database>, rows: Row[]) => Promise<unknown>): Promise<void> {
  const batch = 500;
  const perTransaction = batch * 20;
  for (let start = 0; start < rows.length; start += perTransaction) {
    await db.transaction().execute(async (tx) => {
      for (let offset = start; offset < Math.min(rows.length, start + perTransaction); offset += batch) {
        await insert(tx, rows.slice(offset, offset + batch));
      }
    });
  }
}
