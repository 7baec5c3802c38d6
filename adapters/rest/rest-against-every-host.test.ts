import { sign } from 'hono/jwt';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeActivity } from '../../domain/activity/activity-copy';
import { customerAuthor } from '../../domain/activity/actor';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { submitQuote } from '../../domain/quote/submit-quote';
import { quoteInboxContract } from '../contracts/quote-inbox.test-support';
import { quoteInboxCallAttemptsContract } from '../contracts/quote-inbox-call-attempts.test-support';
import { quoteRepositoryContract } from '../contracts/quote-repository.test-support';
import { sampleDraft, sampleQuote } from '../../fixtures/sample-request.test-support';
import type { QuoteRepository } from '../../domain/ports/quote-repository';
import { databases, startTestServer, testStaff, type TestServer } from '../server/test-server.test-support';
import { listAll } from '../contracts/store-under-test.test-support';
import { RestCustomerLinks } from './rest-customer-links';
import { RestLeadReports } from './rest-lead-reports';
import { RestQuoteInbox } from './rest-quote-inbox';
import { RestQuoteRepository } from './rest-quote-repository';
import { ServerNotifier } from './server-notifier';
import { signedIn } from './signed-in-fetch.test-support';
import { apiPaths } from '../http-api/wire';
import { type Database, openPostgresDatabase } from '../sql/database';
import { SqlStaffStore } from '../sql/sql-staff-store';
import { firstStartMs, type RunningFunction, startFunction } from '../supabase/api-function.test-support';
import { pushMigrations, type ScratchProjectDatabase, scratchProjectDatabase } from '../supabase/supabase-project-database.test-support';
import { InMemoryQuoteRepository } from '../memory/in-memory-quote-repository';
import { PageFormTokens, pageFormToken } from '../memory/page-form-tokens';
import { createApi } from '../server/api';
import { noRateLimit } from '../server/http/rate-limit';
import { bearerStaffGate } from '../server/staff/bearer-staff-gate';

// The browser's client against each host of the one API: the real Node server and database over
// real HTTP, the Supabase function under Deno on PostgreSQL over real HTTP, and the same app run in
// the page (the demo) over its stores in memory.

/**
 * One server per database for the suites, emptied for each store they make: a server of its own for
 * each of the property runs would spend the suites' time starting servers. Its clock is the suite's.
 */
function sharedServer(kind: keyof typeof databases) {
  let clock = () => new Date();
  let started: Promise<TestServer> | undefined;
  afterAll(async () => {
    await (await started)?.stop();
  });
  return async ({ now }: { now: () => Date }) => {
    // The suites move their clock on by days: the session keeps real time, so it does not lapse.
    started ??= startTestServer(kind, { now: () => clock(), realTimeSessions: true, customerLinks: true });
    const server = await started;
    // Status changes and notes go with their requests (ON DELETE CASCADE).
    await server.db.deleteFrom('quote_requests').execute();
    clock = now;
    const client = { baseUrl: server.url, fetch: signedIn(server.staffCookie) };
    return { repository: asTheForm(new RestQuoteRepository(client), server), inbox: new RestQuoteInbox(client), reports: new RestLeadReports(client), links: new RestCustomerLinks({ baseUrl: server.url }) };
  };
}

/**
 * Sends each request as the form does, with a token the server issued a few seconds before: the
 * suites store many alike requests at once, which the server would otherwise judge a bot's burst.
 */
function asTheForm(repository: RestQuoteRepository, server: TestServer): QuoteRepository {
  return {
    insert: async (quote, photos = [], arrival) => repository.insert(quote, photos, arrival ?? { honeypotFilled: false, formToken: await server.formToken() }),
    delete: (id) => repository.delete(id),
  };
}

/**
 * The API as the demo hosts it: the app's own fetch handler, over a store in memory, staff known by
 * an access token. The page's form tokens stand for the page it was sent from, a few seconds old.
 */
function inThePage({ now }: { now: () => Date }) {
  const store = new InMemoryQuoteRepository({ now, formTokens: new PageFormTokens() });
  const token = 'access-token-of-the-test-staff';
  const app = createApi({
    quotes: store,
    inbox: store,
    customerData: store,
    notifier: new ServerNotifier(),
    logger: { error: () => undefined },
    now,
    staff: bearerStaffGate((sent) => Promise.resolve(sent === token ? { email: testStaff.email } : null)),
    clientKey: () => 'this page',
    limits: { submissions: noRateLimit, refusedSubmissions: noRateLimit },
    customerLinks: {
      store,
      reminderOptOuts: store.reminderOptOuts,
      alert: { customerWrote: () => Promise.resolve() },
      quoteAccepted: { quoteAccepted: () => Promise.resolve() },
      limits: { views: noRateLimit, changes: noRateLimit },
    },
  });
  const client = { baseUrl: 'https://demo.example', fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(app.fetch(new Request(input, init))), accessToken: () => Promise.resolve(token) };
  const repository = new RestQuoteRepository(client);
  const asTheForm: QuoteRepository = {
    insert: (quote, photos = [], arrival) => repository.insert(quote, photos, arrival ?? { honeypotFilled: false, formToken: pageFormToken(new Date(now().getTime() - 5000)) }),
    delete: (id) => repository.delete(id),
  };
  return Promise.resolve({ repository: asTheForm, inbox: new RestQuoteInbox(client), reports: new RestLeadReports(client), links: new RestCustomerLinks({ ...client, accessToken: () => Promise.resolve(null) }) });
}

/**
 * The API under Deno, as the Supabase function composes it, on a database shaped like a project with
 * its baseline pushed: one function for the suites, emptied for each store they make. Each request
 * carries the suite's clock (the test entry reads it); staff sign in with a token as Supabase Auth's.
 */
function underDeno() {
  let started: Promise<{ running: RunningFunction; project: ScratchProjectDatabase; db: Kysely<Database> }> | undefined;
  afterAll(async () => {
    const host = await started;
    await host?.running.stop();
    await host?.db.destroy();
    await host?.project.drop();
  });
  const jwtSecret = 'the-project-jwt-secret-of-at-least-32-characters';
  const start = () =>
    (started ??= (async () => {
      const project = await scratchProjectDatabase({ supabase: true });
      await pushMigrations(project.owner);
      const running = await startFunction(
        {
          SUPABASE_DB_URL: project.url,
          JWT_SECRET: jwtSecret,
          SUPABASE_URL: 'https://project-ref.supabase.co',
          TICK_SECRET: 'the-tick-secret-of-at-least-32-characters',
          SITE_URL: 'https://www.se1plumbing.example',
          // The suites store hundreds of requests from this one machine.
          QUOTE_REQUESTS_PER_HOUR: '1000000',
          QUOTE_REFUSALS_PER_HOUR: '1000000',
        },
        { entry: 'with-test-clock.test-support.ts' },
      );
      const db = openPostgresDatabase(project.url);
      await new SqlStaffStore(db).saveAccount(testStaff.email, 'signs in with Supabase Auth', new Date());
      return { running, project, db };
    })());
  // Started before the suites, with the time a fresh clone's first start takes to fetch the function's packages.
  beforeAll(async () => {
    await start();
  }, firstStartMs + 30_000);
  return async ({ now }: { now: () => Date }) => {
    const { running, db } = await start();
    await db.deleteFrom('quote_requests').execute();
    const token = await sign(
      { sub: 'staff-user', aud: 'authenticated', role: 'authenticated', email: testStaff.email, iss: 'https://project-ref.supabase.co/auth/v1', exp: Math.floor(Date.now() / 1000) + 3600 },
      jwtSecret,
      'HS256',
    );
    const at = (time: Date) => (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      request.headers.set('x-test-clock', String(time.getTime()));
      return fetch(request);
    };
    const client = { baseUrl: `${running.url}/api`, fetch: (input: RequestInfo | URL, init?: RequestInit) => at(now())(input, init), accessToken: () => Promise.resolve(token) };
    const repository = new RestQuoteRepository(client);
    // The page's token, had from the function a few seconds before the request is sent.
    const formToken = async () => {
      const answer = await at(new Date(now().getTime() - 5000))(`${running.url}/api${apiPaths.formToken}`);
      return ((await answer.json()) as { token: string }).token;
    };
    const asTheForm: QuoteRepository = {
      insert: async (quote, photos = [], arrival) => repository.insert(quote, photos, arrival ?? { honeypotFilled: false, formToken: await formToken() }),
      delete: (id) => repository.delete(id),
    };
    return { repository: asTheForm, inbox: new RestQuoteInbox(client), reports: new RestLeadReports(client), links: new RestCustomerLinks({ ...client, accessToken: () => Promise.resolve(null) }) };
  };
}

const deno = underDeno();
quoteRepositoryContract('RestQuoteRepository against the API under Deno on PostgreSQL', deno);
quoteInboxContract('RestQuoteInbox against the API under Deno on PostgreSQL', deno, { as: testStaff.email });
quoteInboxCallAttemptsContract('RestQuoteInbox against the API under Deno on PostgreSQL', deno, { as: testStaff.email });

quoteRepositoryContract('RestQuoteRepository against the API in the page', inThePage);
quoteInboxContract('RestQuoteInbox against the API in the page', inThePage, { as: testStaff.email });
quoteInboxCallAttemptsContract('RestQuoteInbox against the API in the page', inThePage, { as: testStaff.email });

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  const againstServer = sharedServer(kind);
  quoteRepositoryContract(`RestQuoteRepository against our server on ${kind}`, againstServer);

  // The server records who from its session and when from its clock (the test's, here), not the client's word.
  quoteInboxContract(`RestQuoteInbox against our server on ${kind}`, againstServer, { as: testStaff.email });
  quoteInboxCallAttemptsContract(`RestQuoteInbox against our server on ${kind}`, againstServer, { as: testStaff.email });
}

/** The owner's report read through the client from a host: a job won there, with its value, is in this month's figures. */
function reportOnHost(name: string, make: (options: { now: () => Date }) => Promise<{ repository: QuoteRepository; inbox: RestQuoteInbox; reports: RestLeadReports }>) {
  test(`the report from ${name} counts a request won there, with its value, by its channel`, async () => {
    const { repository, inbox, reports } = await make({ now: () => new Date() });
    const stored = await repository.insert({ ...sampleQuote({ name: 'Reported Job' }), hasGclid: false, referrerHost: null, utmSource: 'gbp', utmMedium: 'organic', utmCampaign: null });
    expect((await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' } })).outcome).toBe('recorded');
    expect((await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'won', wonPence: 64_500 } })).outcome).toBe('recorded');
    const report = await reports.read('this-month');
    expect(report.channels.find(({ channel }) => channel === 'Google Business Profile')).toMatchObject({ requests: 1, won: 1, wonPence: 64_500 });
    expect((await reports.csv('this-month')).split('\r\n')).toContain('Google Business Profile,1,0,100,1,100,645,645,0,0,0,0,,0');
  });
}

reportOnHost('the API under Deno on PostgreSQL', deno);
reportOnHost('the API in the page', inThePage);
reportOnHost('our server on SQLite', sharedServer('sqlite'));

test('the server judges by the same rules: a request it refuses names the field in domain terms', async () => {
  const server = await startTestServer('sqlite');
  try {
    const quotes = new RestQuoteRepository({ baseUrl: server.url, fetch: signedIn(server.staffCookie) });
    // Straight to the repository, past the browser's own check, as a client with other rules would.
    const refused = await quotes
      .insert(sampleQuote({ phone: '12' }))
      .then(
        () => 'stored',
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ reason: { kind: 'invalid-fields', issues: [{ field: 'phone' }] } });

    const result = await submitQuote(
      { quotes, notifier: new ServerNotifier(), logger: { error: () => undefined } },
      sampleDraft({ name: 'Ada', serviceType: 'general' }),
    );
    expect(result).toMatchObject({ ok: true, quote: { name: 'Ada', serviceType: 'general' } });
    expect(await listAll(new RestQuoteInbox({ baseUrl: server.url, fetch: signedIn(server.staffCookie) }), new Date())).toHaveLength(1);
  } finally {
    await server.stop();
  }
});

/** A won job's arrival booked through the client on a host, changed, kept step by step; refused before the job is won. */
function arrivalOnHost(name: string, make: (options: { now: () => Date }) => Promise<{ repository: QuoteRepository; inbox: RestQuoteInbox }>) {
  test(`on ${name}, staff book a won job's arrival and change it; every booking stays in its log`, async () => {
    const { repository, inbox } = await make({ now: () => new Date() });
    const stored = await repository.insert(sampleQuote({ name: 'Booked Job' }));
    const early = await inbox.record({ id: stored.id, step: { kind: 'arrival-booked', day: '2026-12-03', from: '08:00', to: '10:00' } });
    expect(early).toEqual({ outcome: 'refused', refusal: { reason: 'not-won', current: 'new' } });
    await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' } });
    await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'won' } });
    const booked = await inbox.record({ id: stored.id, step: { kind: 'arrival-booked', day: '2026-12-03', from: '08:00', to: '10:00' } });
    if (booked.outcome !== 'recorded') throw new Error(`not booked: ${booked.outcome}`);
    expect(booked.entry).toMatchObject({ kind: 'arrival-booked', day: '2026-12-03', from: '08:00', to: '10:00', by: testStaff.email });
    const changed = await inbox.record({ id: stored.id, step: { kind: 'arrival-booked', day: '2026-12-04', from: '09:30', to: '11:15' } });
    if (changed.outcome !== 'recorded') throw new Error(`not changed: ${changed.outcome}`);
    const bookings = changed.quote.activity.filter((entry) => entry.kind === 'arrival-booked').map((entry) => describeActivity(entry));
    expect(bookings).toEqual(['Booked Thu 3 Dec · 8–10am', 'Booked Fri 4 Dec · 9:30–11:15am']);
  });
}

arrivalOnHost('the API under Deno on PostgreSQL', deno);
arrivalOnHost('the API in the page', inThePage);
arrivalOnHost('our server on SQLite', sharedServer('sqlite'));
arrivalOnHost('our server on PostgreSQL', sharedServer('postgres'));

/**
 * A request anyone may send with someone else's address, through the client on a host: its "stop"
 * is a dead link's not-found and stops nothing, its review link sends on and records nothing; once
 * the job is done, both act.
 */
function reviewLinksOnHost(name: string, make: (options: { now: () => Date }) => Promise<{ repository: QuoteRepository; inbox: RestQuoteInbox; links: RestCustomerLinks }>) {
  test(`on ${name}, the review links of a request never asked nor done change nothing; once done, they do`, async () => {
    const { repository, inbox, links } = await make({ now: () => new Date() });
    const planted = await repository.insert(sampleQuote({ name: 'Not The Victim', email: 'victim@example.co.uk' }));
    expect(await links.stopReviews(planted.customerToken)).toEqual({ ok: false, error: { kind: 'not-found' } });
    expect(await links.openReview(planted.customerToken)).toMatchObject({ ok: true });
    const untouched = (await listAllInbox(inbox)).find(({ id }) => id === planted.id);
    expect(untouched?.activity.map(({ kind }) => kind)).toEqual([]);

    for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) {
      expect((await inbox.record({ id: planted.id, step: { kind: 'status-moved', from, to } })).outcome).toBe('recorded');
    }
    expect(await links.openReview(planted.customerToken)).toMatchObject({ ok: true });
    expect(await links.stopReviews(planted.customerToken)).toEqual({ ok: true });
    const done = (await listAllInbox(inbox)).find(({ id }) => id === planted.id);
    expect(done?.activity.filter(({ by }) => by === customerAuthor).map(({ kind }) => kind)).toEqual(['review-opened']);
  });
}

const listAllInbox = async (inbox: RestQuoteInbox) => (await inbox.findPage({ query: { ...defaultInboxQuery, view: allView }, after: null, limit: 50, now: new Date() })).quotes;

reviewLinksOnHost('the API under Deno on PostgreSQL', deno);
reviewLinksOnHost('the API in the page', inThePage);
reviewLinksOnHost('our server on SQLite', sharedServer('sqlite'));
reviewLinksOnHost('our server on PostgreSQL', sharedServer('postgres'));
