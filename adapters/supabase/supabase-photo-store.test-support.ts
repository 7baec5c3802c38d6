/**
 * Test-only: photos in Supabase mode as the photo contract (adapters/contracts/photo-store.test-support.ts)
 * drives them. The app has no PhotoStore in this mode (no server of ours reads photos: the browser
 * shows signed links), so the contract's reader is built here, the way staff's page reads: the photo
 * as the inbox lists it, a signed link from SupabasePhotoLinks, and the file fetched over HTTP. Also
 * the retention purge as pg_cron runs it, and the purge-photos function under Deno, pointed at each
 * test's fake project in turn. Only tests import it.
 */
import { http, passthrough } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { PhotoStore } from '../../domain/ports/photos';
import type { QuoteRetention } from '../../domain/ports/quote-repository';
import { defaultRetentionMonths } from '../../domain/customer-data/retention';
import { defaultSpamRetentionDays } from '../../domain/spam/spam';
import { readAll } from '../contracts/store-under-test.test-support';
import { firstStartMs, type RunningFunction, startFunction } from './edge-function.test-support';
import { anonKey, serviceKey } from './fake-supabase-project.test-support';
import { serveOnLoopback } from './postgrest-http-server.test-support';
import type { SupabaseScratchDatabase } from './supabase-scratch-database.test-support';
import type { SupabaseDatabaseClient } from './supabase-database';
import { SupabasePhotoLinks } from './supabase-photos';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import type { FakeStorage } from './storage-on-scratch-database.test-support';

/** How long an upload may wait for its request before the purge takes it as abandoned. */
const photoUploadMinutes = 30;

/**
 * Reads a photo as a staff member's page does: finds it among the request's photos in the inbox
 * (so a photo of another request, of a request that is gone, or an id that names nothing is not
 * there, whatever Storage still holds), asks Storage for a short-lived signed link, and fetches it.
 * `client` must be signed in as staff.
 */
export function signedLinkPhotoReader(client: SupabaseDatabaseClient): PhotoStore {
  const inbox = new SupabaseQuoteInbox({ client });
  const links = new SupabasePhotoLinks({ client });
  return {
    async read(quoteId, photoId, size) {
      const { quotes } = await readAll(inbox, { ...defaultInboxQuery, view: allView }, new Date());
      const photo = quotes.find(({ id }) => id === quoteId)?.photos.find(({ id }) => id === photoId);
      if (photo === undefined) return undefined;
      const response = await fetch(await links.photoUrl(quoteId, photo, size));
      if (!response.ok) throw new Error(`Fetching the signed link failed: ${String(response.status)} ${await response.text()}`);
      return { contentType: response.headers.get('content-type') ?? '', body: new Uint8Array(await response.arrayBuffer()) };
    },
  };
}

/**
 * The retention purge as the project's pg_cron job runs it: `public.purge_expired_quote_requests`
 * with the default retention, which deletes what is older than `now() - <months>`. The database's
 * clock cannot be set, so for a cutoff of the test's choosing every request's created_at is moved by
 * (now() - <months>) - cutoff before the call and moved back after, in one transaction nobody else
 * sees: the purge deletes exactly what was stored before the cutoff, by its own SQL. The Spam folder's
 * purge is run alike.
 */
export function scheduledRetentionPurge(database: SupabaseScratchDatabase): QuoteRetention {
  return {
    async deleteCreatedBefore(cutoff) {
      const { owner } = database;
      const shift = `((pg_catalog.now() - pg_catalog.make_interval(months => $1)) - $2::timestamptz)`;
      const values = [defaultRetentionMonths, cutoff.toISOString()];
      await owner.query('begin');
      try {
        // In UTC a day is 24 hours, so moving there and back lands on the same instant.
        await owner.query(`set local time zone 'UTC'`);
        await owner.query(`update public.quote_requests set created_at = created_at + ${shift}`, values);
        const { rows } = await owner.query<{ deleted: number }>('select public.purge_expired_quote_requests($1) as deleted', [defaultRetentionMonths]);
        await owner.query(`update public.quote_requests set created_at = created_at - ${shift}`, values);
        await owner.query('commit');
        return rows[0]?.deleted ?? 0;
      } catch (error) {
        await owner.query('rollback');
        throw error;
      }
    },

    /** The Spam folder's purge as the same job runs it, moving spam_sent_at alike. */
    async deleteSpamBefore(cutoff) {
      const { owner } = database;
      const shift = `((pg_catalog.now() - pg_catalog.make_interval(days => $1)) - $2::timestamptz)`;
      const values = [defaultSpamRetentionDays, cutoff.toISOString()];
      await owner.query('begin');
      try {
        await owner.query(`set local time zone 'UTC'`);
        await owner.query(`update public.quote_requests set spam_sent_at = spam_sent_at + ${shift}`, values);
        const { rows } = await owner.query<{ deleted: number }>('select public.purge_spam_quote_requests($1) as deleted', [defaultSpamRetentionDays]);
        await owner.query(`update public.quote_requests set spam_sent_at = spam_sent_at - ${shift}`, values);
        await owner.query('commit');
        return rows[0]?.deleted ?? 0;
      } catch (error) {
        await owner.query('rollback');
        throw error;
      }
    },
  };
}

/** Every photo row the project holds, and every file of its bucket: by storage.objects' rows or by the bytes Storage keeps. */
export async function photoLeftovers(database: SupabaseScratchDatabase, storage: FakeStorage): Promise<{ rows: number; files: string[] }> {
  const { rows } = await database.owner.query<{ photos: number; objects: string[] }>(
    `select (select count(*)::integer from public.quote_photos) as photos,
            array(select bucket_id || '/' || name from storage.objects) as objects`,
  );
  const objects = rows[0]?.objects ?? [];
  return { rows: rows[0]?.photos ?? 0, files: [...new Set([...objects, ...storage.files.keys()])].sort() };
}

/** Forwards every request to whichever project `target` names, through this process's fetch (where msw answers as that project). */
function startRelay(target: () => string | undefined): Promise<{ url: string; stop: () => Promise<void> }> {
  return serveOnLoopback(async (request) => {
    const origin = target();
    if (origin === undefined) return new Response('No project to purge', { status: 503 });
    const url = new URL(request.url);
    const body = request.body === null ? null : await request.arrayBuffer();
    return fetch(new URL(url.pathname + url.search, origin), { method: request.method, headers: request.headers, body });
  });
}

/**
 * The purge-photos function under Deno, started once for the calling test file (a start per test
 * would cost a second each), with the fake project's keys. Its SUPABASE_URL is a loopback relay that
 * forwards to the project of the call under way, so each test's project is purged by the real
 * function. Answers a function that runs it once for a project, as its next scheduled run would:
 * first every file is made older than the upload window (a folder whose newest file is recent is
 * spared, since a visitor may still be sending), then the function is called; it rejects unless the
 * function answered 200. Calls must not overlap (tests of one file run one after another).
 */
export function purgePhotosOnDeno(server: SetupServer): (project: { url: string; state: { database: SupabaseScratchDatabase } }) => Promise<void> {
  let target: string | undefined;
  let running: { edge: RunningFunction; stop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    const relay = await startRelay(() => target);
    try {
      const edge = await startFunction({ SUPABASE_URL: relay.url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceKey }, 'purge-photos');
      running = {
        edge,
        stop: async () => {
          await edge.stop();
          await relay.stop();
        },
      };
    } catch (error) {
      await relay.stop();
      throw error;
    }
  }, firstStartMs + 30_000);

  afterAll(async () => {
    await running?.stop();
  });

  return async (project) => {
    if (running === undefined) throw new Error('purge-photos did not start');
    if (target !== undefined) throw new Error('purge-photos is already purging another project');
    const { url } = running.edge;
    await project.state.database.owner.query('update storage.objects set created_at = created_at - make_interval(mins => $1)', [photoUploadMinutes + 1]);
    // The call to the function leaves this process; the function's own calls come back through the relay.
    server.use(http.post(`${url}/`, () => passthrough()));
    target = project.url;
    try {
      const response = await fetch(`${url}/`, { method: 'POST', headers: { authorization: `Bearer ${serviceKey}` } });
      if (response.status !== 200) throw new Error(`purge-photos answered ${String(response.status)}: ${await response.text()}`);
    } finally {
      target = undefined;
    }
  };
}
