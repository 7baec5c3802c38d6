// Frozen once released, as every migration is. No `down`: the figures it keeps are read from log rows
// that stay. The quote's pricing is written out here, not read from domain/, so that a later change to
// the domain cannot change what it did.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** domain/priced-quote/quote-pricing.ts's VAT rates when this migration was written. */
const vatPercentsAt019: Readonly<Record<string, number>> = { standard: 20, reduced: 5, zero: 0 };

const roundHalfUp = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** A quote-written row's total including VAT, as domain/priced-quote/quote-pricing.ts priced it then: each line's VAT rounded on its line, a half penny up. */
function totalPenceAt019(data: { lines?: { quantity: number; unitPence: number; vat: string }[]; vatRegistered?: boolean }): number {
  let total = 0;
  for (const line of data.lines ?? []) {
    const net = roundHalfUp(Math.round(line.quantity * 100) * line.unitPence, 100);
    total += net + (data.vatRegistered === true ? roundHalfUp(net * (vatPercentsAt019[line.vat] ?? 0), 100) : 0);
  }
  return total;
}

/**
 * What the owner's report reads of each request's priced quote, kept on its row beside the log so that
 * a year of requests is still summed from one index: `quoted_pence`, the total including VAT of the
 * version last sent, null while none was; `quote_accepted_at`, when a version of it was accepted. Both
 * are filled in from the quote steps already logged, and the report's index is made again with them.
 */
export const addQuoteFigures: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
    await sql`alter table quote_requests add column quoted_pence integer constraint quote_requests_quoted_pence check (quoted_pence is null or quoted_pence >= 0)`.execute(db);
    await sql`alter table quote_requests add column quote_accepted_at ${timestamp}`.execute(db);
    await fillFromLog(db);
    const read = ['urgent', 'status', 'responded_at', 'first_called_at', 'won_pence', 'review_asked_at', 'review_opened_at', 'referrer_host', 'utm_source', 'utm_medium', 'has_gclid', 'quoted_pence', 'quote_accepted_at'].map((name) => sql.ref(name));
    await sql`drop index quote_requests_report`.execute(db);
    // PostgreSQL carries the rest beside the key; SQLite has no INCLUDE, so they follow it in the key.
    await (dialect === 'postgres'
      ? sql`create index quote_requests_report on quote_requests (created_at) include (${sql.join(read)}) where not in_spam`
      : sql`create index quote_requests_report on quote_requests (created_at, ${sql.join(read)}, in_spam) where not in_spam`
    ).execute(db);
  },
};

/** The figures of every request with a quote sent, from its written, sent and accepted steps in log order. */
async function fillFromLog(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ quote_id: string; kind: string; at: Date | string; data: string }>`
    select quote_id, kind, at, data from quote_activity where kind in ('quote-written', 'quote-sent', 'quote-accepted') order by quote_id, at, seq`.execute(db);
  const figures = new Map<string, { written: Map<number, number>; quotedPence: number | null; acceptedAt: string | null }>();
  for (const row of rows) {
    const data = JSON.parse(row.data) as { version?: number; lines?: { quantity: number; unitPence: number; vat: string }[]; vatRegistered?: boolean };
    const request = figures.get(row.quote_id) ?? { written: new Map<number, number>(), quotedPence: null, acceptedAt: null };
    figures.set(row.quote_id, request);
    if (data.version === undefined) continue;
    if (row.kind === 'quote-written') request.written.set(data.version, totalPenceAt019(data));
    else if (row.kind === 'quote-sent') request.quotedPence = request.written.get(data.version) ?? request.quotedPence;
    else request.acceptedAt ??= new Date(row.at).toISOString();
  }
  for (const [id, { quotedPence, acceptedAt }] of figures) {
    if (quotedPence === null) continue;
    await sql`update quote_requests set quoted_pence = ${quotedPence}, quote_accepted_at = ${acceptedAt} where id = ${id}`.execute(db);
  }
}
