// @vitest-environment node
// Whom push services are told to reach about our pushes (the VAPID subject), as each host's root
// composes it: our Node server (node-host.ts, as server-main.ts calls it), and the Supabase function
// (compose.ts, run under Deno). Both go through adapters/server/compose/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, expect, test } from 'vitest';
import { readServerConfig } from '../../adapters/server/server-config';
import { openSqliteDatabase } from '../../adapters/sql/database';
import { migrateToLatest } from '../../adapters/sql/migrate';
import { firstStartMs, runFunctionScript } from '../../adapters/supabase/api-function.test-support';
import { type ScratchProjectDatabase, scratchProjectDatabase } from '../../adapters/supabase/supabase-project-database.test-support';
import { business } from '../../domain/business';
import { composeNodeHost } from './node-host';

// Not the business's own address, which a root that forgot SITE_URL would fall back to.
const siteUrl = 'https://www.plumbers-of-se1.example';
const dirs: string[] = [];
let project: ScratchProjectDatabase | undefined;

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await project?.drop();
});

async function subjectOnOurServer(env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'push-subject-'));
  dirs.push(dir);
  const settings = { ...env, DATA_DIR: dir };
  const db = openSqliteDatabase(join(dir, 'quotes.sqlite'));
  await migrateToLatest(db);
  const host = await composeNodeHost(db, readServerConfig(settings), settings);
  await host.close();
  await db.destroy();
  return host.alerts.vapid.subject;
}

async function subjectInTheFunction(env: Record<string, string>): Promise<string> {
  project ??= await scratchProjectDatabase({ supabase: false });
  const printed = await runFunctionScript('push-subject.test-support.ts', { ...env, SUPABASE_DB_URL: project.url });
  return v.parse(v.object({ subject: v.string() }), JSON.parse(printed)).subject;
}

const hosts = { 'our server': subjectOnOurServer, 'the Supabase function': subjectInTheFunction };

test.for(Object.entries(hosts))('%s signs its pushes as the site (SITE_URL) when NOTIFY_TO is unset', { timeout: firstStartMs }, async ([, subjectOf]) => {
  expect(siteUrl).not.toBe(business.siteUrl);
  expect(await subjectOf({ SITE_URL: siteUrl })).toBe(siteUrl);
});

test.for(Object.entries(hosts))('%s signs its pushes as the business’s inbox when NOTIFY_TO is set', { timeout: firstStartMs }, async ([, subjectOf]) => {
  expect(await subjectOf({ SITE_URL: siteUrl, NOTIFY_TO: 'office@plumbers-of-se1.example' })).toBe('mailto:office@plumbers-of-se1.example');
});
