// Benchmark of the staff inbox's queries (`npm run bench:inbox`): 100,000 requests over two years in a
// fresh SQLite file and a fresh PostgreSQL schema (both dropped after), migrated as the server migrates,
// then SqlQuoteInbox.findPage, clockRecords and viewCounts as the inbox calls them, and the owner's report
// over each of its periods, read and worked out whole. Prints p50 and p99 of each; the targets (p99 under
// 50 ms for the inbox, 100 ms for the report) are figures to compare against, not tests: only errors fail the run.
//
// Node runs this file directly; ../extensionless-imports.ts lets it load the very code the server runs.
import { performance } from 'node:perf_hooks';
import type { InboxCursor, InboxQuery } from '../../../domain/inbox/inbox-query.ts';
import type { SqlDialectName } from '../database.ts';
import '../../extensionless-imports.ts';

const { defaultInboxQuery, inboxPageSize } = await import('../../../domain/inbox/inbox-query.ts');
const { migrateToLatest } = await import('../migrate.ts');
const { scratchDatabase } = await import('../scratch-database.test-support.ts');
const { SqlQuoteInbox } = await import('../sql-quote-inbox.ts');
const { benchRequests, insertInBulk, rareSurname } = await import('./inbox-bench-seed.test-support.ts');
const { leadReport } = await import('../../../domain/report/lead-report.ts');
const { reportPeriods } = await import('../../../domain/report/report-period.ts');
const { sql } = await import('kysely');

const requestCount = 100_000;
const warmUpRuns = 20;
const measuredRuns = 200;
const targetP99Ms = 50;
const reportTargetP99Ms = 100;
/** The report reads up to a year of requests each time: fewer runs keep the whole bench within its deadline. */
const reportWarmUpRuns = 3;
const reportMeasuredRuns = 50;
/** Seeding both databases and every measurement must be over well within this. */
const deadlineMs = 10 * 60_000;

const write = (line = '') => process.stdout.write(`${line}\n`);
const cleanups: (() => Promise<void>)[] = [];

const deadline = setTimeout(() => {
  console.error(`bench: not finished after ${deadlineMs / 1000} s; stopping`);
  void Promise.allSettled(cleanups.map((cleanup) => cleanup())).then(() => process.exit(1));
}, deadlineMs);
deadline.unref();
process.once('SIGINT', () => {
  void Promise.allSettled(cleanups.map((cleanup) => cleanup())).then(() => process.exit(130));
});

interface Measured {
  database: SqlDialectName;
  query: string;
  target: number;
  p50: number;
  p99: number;
  matched: number;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(run: () => Promise<number>, { warmUp, runs }: { warmUp: number; runs: number }): Promise<Omit<Measured, 'database' | 'query' | 'target'>> {
  let matched = 0;
  for (let i = 0; i < warmUp; i++) matched = await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), matched };
}

const now = new Date();

const all: InboxQuery = { ...defaultInboxQuery, view: 'all' };
const lastMonth = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
const filtered: InboxQuery = { ...all, serviceType: 'emergency', urgent: true, from: lastMonth };

async function bench(dialect: SqlDialectName): Promise<Measured[]> {
  const scratch = await scratchDatabase(dialect);
  cleanups.push(() => scratch.drop());
  const db = scratch.open();
  cleanups.unshift(() => db.destroy());
  try {
    const generating = performance.now();
    // Made afresh for each database (the same rows: the generator has a seed), and let go before the
    // measurements, so that collecting half a million objects does not land in them.
    const seeded = benchRequests(requestCount, now);
    const seeding = performance.now();
    await migrateToLatest(db);
    await insertInBulk(db, seeded);
    // What autovacuum (PostgreSQL) or `pragma optimize` (SQLite) would have done by now on a live database.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
    const seconds = (from: number, to = performance.now()) => `${((to - from) / 1000).toFixed(1)} s`;
    write(
      `${dialect}: seeded ${seeded.requests.length} requests, ${seeded.changes.length} status changes, ${seeded.notes.length} notes and ` +
        `${seeded.notifications.length} notifications in ${seconds(seeding)} (generated in ${seconds(generating, seeding)})`,
    );

    const inbox = new SqlQuoteInbox(db);
    const page = async (query: InboxQuery, after: InboxCursor | null = null) => inbox.findPage({ query, after, limit: inboxPageSize, now });
    const secondPage = (await page(filtered)).next;
    if (secondPage === null) throw new Error('the filtered view has one page only: nothing to measure for page two');
    const cases: [string, () => Promise<number>][] = [
      ['waiting view, first page', async () => (await page(defaultInboxQuery)).total],
      ['all, first page', async () => (await page(all)).total],
      [`search "${rareSurname.toLowerCase()}"`, async () => (await page({ ...all, search: rareSurname.toLowerCase() })).total],
      ['search phone "900123"', async () => (await page({ ...all, search: '900123' })).total],
      // A word in thousands of requests: the page comes from the time index, the count from the trigrams.
      ['search "boiler" (a common word)', async () => (await page({ ...all, search: 'boiler' })).total],
      ['emergency + urgent + 30 days, page 1', async () => (await page(filtered)).total],
      ['emergency + urgent + 30 days, page 2', async () => (await page(filtered, secondPage)).total],
      ['clock records, 30 days + waiting', async () => (await inbox.clockRecords(lastMonth)).length],
      ['view counts (every request, grouped)', async () => (await inbox.viewCounts()).all],
      // The owner's report, read and worked out whole as its page asks for it.
      ...reportPeriods.map((period): [string, () => Promise<number>] => [
        `report, ${period}`,
        async () => {
          const read = await leadReport({ reports: inbox, logger: console }, period, now);
          if (!read.ok) throw new Error(`the report failed: ${read.error.kind}`);
          return read.report.total.requests;
        },
      ]),
    ];
    const results: Measured[] = [];
    for (const [query, run] of cases) {
      const report = query.startsWith('report');
      const runs = report ? { warmUp: reportWarmUpRuns, runs: reportMeasuredRuns } : { warmUp: warmUpRuns, runs: measuredRuns };
      results.push({ database: dialect, query, target: report ? reportTargetP99Ms : targetP99Ms, ...(await measure(run, runs)) });
    }
    return results;
  } finally {
    await db.destroy();
    await scratch.drop();
    cleanups.length = 0;
  }
}

try {
  const results = [...(await bench('sqlite')), ...(await bench('postgres'))];
  write();
  write(`${measuredRuns} runs each after ${warmUpRuns} to warm up (the report ${reportMeasuredRuns} after ${reportWarmUpRuns}); target p99 < ${targetP99Ms} ms for the inbox, < ${reportTargetP99Ms} ms for the report`);
  const header = ['database', 'query', 'p50 ms', 'p99 ms', 'target ms', 'rows matched'];
  const lines = results.map(({ database, query, p50, p99, target, matched }) => [database, query, p50.toFixed(2), p99.toFixed(2), String(target), String(matched)]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (cells: readonly string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  write(format(header));
  for (const line of lines) write(format(line));
  const over = results.filter(({ p99, target }) => p99 >= target);
  write(over.length === 0 ? 'every p99 under its target' : `${over.length} over the target: ${over.map(({ database, query }) => `${database} ${query}`).join('; ')}`);
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
}
