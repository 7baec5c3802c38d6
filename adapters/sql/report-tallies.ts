import { type Kysely, type RawBuilder, sql } from 'kysely';
import { promiseMinutes } from '../../domain/inbox/promise';
import { wonStatuses } from '../../domain/inbox/quote-status';
import { londonTimeZone } from '../../domain/london-time';
import type { ReportTallies } from '../../domain/ports/report-source';
import type { Database, SqlDialectName } from './database';

const minuteMs = 60_000;

/** A row of the one statement below: a tally, or a day's sum. */
interface TallyRow {
  kind: 'tally' | 'day';
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  has_gclid: boolean | number | null;
  minutes: number | string | null;
  within: number | null;
  overdue: number | null;
  at: Date | string | null;
  // PostgreSQL's count and sums are bigint and numeric, which pg reads as text.
  requests: number | string;
  won: number | string;
  won_pence: number | string;
  reviews_asked: number | string;
  reviews_opened: number | string;
  quotes_sent: number | string;
  quotes_accepted: number | string;
  quoted_pence: number | string;
}

/**
 * The milliseconds from a request arriving to its first call: the earlier of its first call nobody
 * picked up and `responded_at`; null while neither happened. SQLite keeps times as ISO text, which
 * compares as time does; its julianday is exact to well under a millisecond, so rounding gives the
 * whole milliseconds.
 */
function firstCallMs(dialect: SqlDialectName): RawBuilder<number | null> {
  return dialect === 'postgres'
    ? sql`date_part('epoch', least(first_called_at, responded_at) - created_at) * 1000`
    : sql`round((julianday(case when first_called_at is null or responded_at < first_called_at then responded_at else first_called_at end) - julianday(created_at)) * 86400000)`;
}

/**
 * A key shared by requests that arrived on the same London day. SQLite has no time zones: a UTC day,
 * split at its last hour, which is the next London day's first in summer; London's clocks change on the
 * hour, so each part is on one London day.
 */
function londonDayKey(dialect: SqlDialectName): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql`(created_at at time zone ${sql.lit(londonTimeZone)})::date`
    : sql`substr(created_at, 1, 10), substr(created_at, 12, 2) = '23'`;
}

/**
 * The report's sums in one statement, so both halves read the same moment: the period's requests out
 * of the Spam folder, read from the index that holds every column used here (the quote's figures
 * among them, kept beside its log), grouped once by what the
 * report reads of them and once by their London day.
 */
function reportTalliesQuery(dialect: SqlDialectName, from: Date, to: Date, now: Date): RawBuilder<TallyRow> {
  const ms = firstCallMs(dialect);
  const promiseMs = (urgent: boolean) => sql.lit(promiseMinutes({ urgent }) * minuteMs);
  const dueBefore = (urgent: boolean) => new Date(now.getTime() - promiseMinutes({ urgent }) * minuteMs).toISOString();
  const minutes = dialect === 'postgres' ? sql`floor(ms / ${sql.lit(minuteMs)})` : sql`cast(ms as integer) / ${sql.lit(minuteMs)}`;
  return sql<TallyRow>`
    with called as materialized (
      select referrer_host, utm_source, utm_medium, has_gclid, created_at, won_pence, status, urgent, ${ms} as ms,
        case when review_asked_at is null then 0 else 1 end as asked, case when review_opened_at is null then 0 else 1 end as opened,
        quoted_pence, case when quote_accepted_at is null then 0 else 1 end as accepted
      from quote_requests
      where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()} and not in_spam
    ),
    period as not materialized (
      select referrer_host, utm_source, utm_medium, has_gclid, created_at, won_pence, asked, opened, quoted_pence, accepted,
        case when status in (${sql.join(wonStatuses.map((status) => sql.lit(status)))}) then 1 else 0 end as won,
        case when ms is null then null when ms < 0 then 0 else ${minutes} end as minutes,
        case when (case when urgent then ms <= ${promiseMs(true)} else ms <= ${promiseMs(false)} end) then 1 else 0 end as within,
        case when ms is null and (case when urgent then created_at < ${dueBefore(true)} else created_at < ${dueBefore(false)} end) then 1 else 0 end as overdue
      from called
    )
    select 'tally' as kind, referrer_host, utm_source, utm_medium, has_gclid, minutes, within, overdue, null as at, count(*) as requests, sum(won) as won, coalesce(sum(won_pence), 0) as won_pence,
      sum(asked) as reviews_asked, sum(opened) as reviews_opened,
      count(quoted_pence) as quotes_sent, sum(accepted) as quotes_accepted, coalesce(sum(quoted_pence), 0) as quoted_pence
    from period group by referrer_host, utm_source, utm_medium, has_gclid, minutes, within, overdue
    union all
    select 'day', null, null, null, null, null, null, null, min(created_at), count(*), sum(won), coalesce(sum(won_pence), 0), 0, 0, 0, 0, 0
    from period group by ${londonDayKey(dialect)}`;
}

/** The report's sums (ReportSource.reportTallies) of the period's requests, read at `now`. */
export async function reportTallies(db: Kysely<Database>, dialect: SqlDialectName, from: Date, to: Date, now: Date): Promise<ReportTallies> {
  const { rows } = await reportTalliesQuery(dialect, from, to, now).execute(db);
  const tallies: ReportTallies['tallies'][number][] = [];
  const days: ReportTallies['days'][number][] = [];
  for (const row of rows) {
    const sums = { requests: Number(row.requests), won: Number(row.won), wonPence: Number(row.won_pence) };
    if (row.kind === 'day') {
      days.push({ at: new Date(row.at ?? Number.NaN), requests: sums.requests, wonPence: sums.wonPence });
      continue;
    }
    tallies.push({
      referrerHost: row.referrer_host,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      hasGclid: row.has_gclid === true || row.has_gclid === 1,
      minutesToFirstCall: row.minutes === null ? null : Number(row.minutes),
      calledWithinPromise: row.within === 1,
      overdueUncalled: row.overdue === 1,
      ...sums,
      reviewsAsked: Number(row.reviews_asked),
      reviewsOpened: Number(row.reviews_opened),
      quotesSent: Number(row.quotes_sent),
      quotesAccepted: Number(row.quotes_accepted),
      quotedPence: Number(row.quoted_pence),
    });
  }
  return { tallies, days };
}
