import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { serviceArea } from '../../domain/business';
import { type InboxCursor, type InboxOrder, type InboxQuery, type ServiceAreaFilter, searchWords, spamView, statusOfView } from '../../domain/inbox/inbox-query';
import { quoteFields } from '../../domain/quote/quote';
import type { SqlDialectName } from './database';

// The SQL twins of domain/inbox/inbox-query.ts: matchesQuery, compareInInbox and isAfterCursor. Each must
// agree with its twin on every request; the inbox contract suite checks that they do.

const column = (name: string) => sql.ref(`quote_requests.${name}`);

/**
 * The id as the inbox orders it: by code unit, as JavaScript compares strings. SQLite compares text
 * bytewise; PostgreSQL in the database's collation unless told to use C's (the indexes are built so).
 */
function orderedId(dialect: SqlDialectName): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`${column('id')} collate "C"` : sql<string>`${column('id')}`;
}

/**
 * How to find a search's matches: `by-index` through the trigram index first (few matches), or
 * `by-time` along the time index, checking each row (matches so many that a page fills soon).
 */
export type SearchPath = 'by-index' | 'by-time';

/**
 * Every filter of `query` as one condition on `quote_requests`, the Spam folder's included. On SQLite
 * the search path is part of the condition; PostgreSQL's planner picks its own (see SqlQuoteInbox).
 */
export function matchingInboxQuery(query: InboxQuery, dialect: SqlDialectName, path: SearchPath): Expression<SqlBool> {
  // Only the Spam folder lists the requests in it; every other view leaves them out. Written as the
  // partial indexes' predicates are, so both databases see that they apply.
  const terms: RawBuilder<SqlBool>[] = [inSpamFolder(query.view === spamView)];
  // A literal, not a parameter, so SQLite sees that the waiting view's partial index applies.
  const status = statusOfView(query.view);
  if (status !== null) terms.push(sql`${column('status')} = ${sql.lit(status)}`);
  if (query.serviceType !== null) terms.push(sql`${column('service_type')} = ${query.serviceType}`);
  if (query.urgent !== null) terms.push(sql`${column('urgent')} = ${query.urgent}`);
  if (query.area !== null) terms.push(inServiceArea(query.area, dialect));
  if (query.from !== null) terms.push(sql`${column('created_at')} >= ${timestamp(query.from, dialect)}`);
  if (query.to !== null) terms.push(sql`${column('created_at')} < ${timestamp(query.to, dialect)}`);
  terms.push(...searchTerms(query.search, dialect, path));
  return sql<SqlBool>`${sql.join(terms, sql` and `)}`;
}

/** Whether a request is in the Spam folder (`inFolder`), or out of it: the domain's inSpamFolder. */
export function inSpamFolder(inFolder: boolean): RawBuilder<SqlBool> {
  return inFolder ? sql`${column('in_spam')}` : sql`not ${column('in_spam')}`;
}

/**
 * The requests holding every word of `search`, in or out of the Spam folder; `1 = 1` when it has no
 * words. A search's part of {@link matchingInboxQuery}, also for finding a customer's data.
 */
export function matchingSearch(search: string, dialect: SqlDialectName, path: SearchPath): Expression<SqlBool> {
  const terms = searchTerms(search, dialect, path);
  return terms.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(terms, sql` and `)}`;
}

function searchTerms(search: string, dialect: SqlDialectName, path: SearchPath): RawBuilder<SqlBool>[] {
  const words = searchWords(search);
  const terms = words.map((word) => containsWord(word, dialect));
  if (dialect === 'sqlite' && path === 'by-index') terms.push(...trigramCandidates(words));
  return terms;
}

/**
 * A postcode inside or outside the districts the business covers, as domain/quote/postcode.ts isInServiceArea
 * judges it: its outward code, the text before the space of a normalised postcode, is in the list or
 * not. A request without a postcode is neither.
 */
function inServiceArea(area: ServiceAreaFilter, dialect: SqlDialectName): RawBuilder<SqlBool> {
  const postcode = column(quoteFields.postcode.name);
  const outward =
    dialect === 'postgres' ? sql`split_part(${postcode}, ' ', 1)` : sql`substr(${postcode}, 1, instr(${postcode} || ' ', ' ') - 1)`;
  const covered = sql.join(serviceArea.outwardCodes.map((code) => sql.lit(code)));
  return area === 'inside' ? sql`${outward} in (${covered})` : sql`${outward} not in (${covered})`;
}

/**
 * search_text holds the domain's searchTextOf, lower-cased by JavaScript, and the words are lower-cased
 * the same way: the comparison must not fold case again (SQLite's LIKE folds ASCII only), only find.
 */
function containsWord(word: string, dialect: SqlDialectName): RawBuilder<SqlBool> {
  if (dialect === 'sqlite') return sql`instr(${column('search_text')}, ${word}) > 0`;
  // LIKE, not strpos(), because pg_trgm's index serves LIKE. '!' escapes LIKE's wildcards in the word.
  const pattern = `%${word.replace(/[!%_]/g, (char) => `!${char}`)}%`;
  return sql`${column('search_text')} like ${pattern} escape '!'`;
}

/**
 * SQLite's trigram table narrows the search to the requests holding every word of three characters or
 * more (shorter words have no trigram), so instr() then checks only those. It never decides a match
 * alone: instr() is the rule. Inside double quotes FTS5 takes every character literally but `"`.
 */
function trigramCandidates(words: readonly string[]): RawBuilder<SqlBool>[] {
  // Characters as SQLite counts them: code points.
  const indexed = words.filter((word) => Array.from(word).length >= 3);
  if (indexed.length === 0) return [];
  const phrases = indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
  return [sql`${column('seq')} in (select rowid from quote_requests_search where quote_requests_search match ${phrases})`];
}

/** Whether a request is overdue and urgent at `asOf`, as 1 or 0: the first key of the waiting order. */
function overdueUrgent(asOf: Date, dialect: SqlDialectName): RawBuilder<number> {
  return sql`case when ${column('urgent')} and ${column('due_at')} < ${timestamp(asOf, dialect)} then 1 else 0 end`;
}

/** The ORDER BY of `order`, as compareInInbox defines it. */
export function inboxOrderBy(order: InboxOrder, asOf: Date, dialect: SqlDialectName): RawBuilder<unknown> {
  if (order === 'newest') return sql`${column('created_at')} desc, ${orderedId(dialect)} desc`;
  return sql`${overdueUrgent(asOf, dialect)} desc, ${column('due_at')}, ${orderedId(dialect)}`;
}

/** The requests that come after `cursor` in its order, as isAfterCursor defines it. */
export function afterInboxCursor(cursor: InboxCursor, dialect: SqlDialectName): RawBuilder<SqlBool> {
  const id = orderedId(dialect);
  if (cursor.order === 'newest') {
    return sql`(${column('created_at')}, ${id}) < (${timestamp(cursor.createdAt, dialect)}, ${cursor.id})`;
  }
  const rank = overdueUrgent(cursor.asOf, dialect);
  const cursorRank = cursor.overdueUrgent ? 1 : 0;
  return sql`(${rank} < ${sql.lit(cursorRank)} or (${rank} = ${sql.lit(cursorRank)}
      and (${column('due_at')}, ${id}) > (${timestamp(cursor.dueAt, dialect)}, ${cursor.id})))`;
}

/** A time as a parameter: ISO text, which SQLite compares as time and PostgreSQL reads as timestamptz. */
function timestamp(date: Date, dialect: SqlDialectName): RawBuilder<string> {
  const text = date.toISOString();
  return dialect === 'postgres' ? sql`cast(${text} as timestamptz)` : sql`${text}`;
}
