// Migrations are frozen once pushed: the rules migration is never rewritten. When the domain's rules
// change, a new one is written after every migration there is, and only then.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { domainRulesSql } from './domain-rules-sql';

/** Where the Supabase CLI finds the project's migrations. */
const migrationsDirectory = new URL('./supabase/migrations/', import.meta.url);

const migrationPattern = /^(\d{14})_\w+\.sql$/;
const rulesSuffix = '_domain_rules.sql';

const versionOf = (file: string): string | undefined => migrationPattern.exec(file)?.[1];

/** The migrations' file names, oldest first, as the CLI applies them. */
async function migrationFiles(directory: URL): Promise<string[]> {
  return (await readdir(directory)).filter((file) => versionOf(file) !== undefined).sort();
}

/** The newest rules migration's name and text, if there is one. */
export async function findNewestRulesMigration(directory: URL = migrationsDirectory): Promise<{ file: string; text: string } | undefined> {
  const file = (await migrationFiles(directory)).filter((name) => name.endsWith(rulesSuffix)).at(-1);
  return file === undefined ? undefined : { file, text: await readFile(new URL(file, directory), 'utf8') };
}

/** yyyymmddhhmmss in UTC, as the Supabase CLI names migrations. */
const versionAt = (time: Date): string => time.toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * The version of a migration written at `now`: now, unless a migration is already dated at or after
 * it, then a second after that one (a project refuses a migration older than the last it applied).
 */
export function nextMigrationVersion(files: readonly string[], now: Date): string {
  const newest = files.map(versionOf).filter((version) => version !== undefined).sort().at(-1);
  const candidate = versionAt(now);
  if (newest === undefined || candidate > newest) return candidate;
  const [, year, month, day, hour, minute, second] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(newest) ?? [];
  const after = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second) + 1);
  return versionAt(new Date(after));
}

/**
 * Writes `<version>_domain_rules.sql` with today's rules if they differ from the newest rules
 * migration's; returns its name, or undefined when the newest is already up to date.
 */
export async function writeRulesMigration(now: Date, directory: URL = migrationsDirectory, sql: string = domainRulesSql()): Promise<string | undefined> {
  if ((await findNewestRulesMigration(directory))?.text === sql) return undefined;
  const file = `${nextMigrationVersion(await migrationFiles(directory), now)}${rulesSuffix}`;
  await writeFile(new URL(file, directory), sql, { flag: 'wx' });
  return file;
}
