import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from './database';
import { knownMigrations, pendingMigrations } from './migrate';

/** Whether the database can take the server's work, and if not, why: for /readyz. */
export type DatabaseReadiness =
  | { ready: true }
  | {
      ready: false;
      /** What is wrong, in a few words. */
      reason: 'database unreachable' | 'database disk full' | 'database refuses writes' | 'database schema behind';
      /** The database's own words. */
      cause: string;
    };

/** Big enough to need space the database does not have free: more than a page of SQLite (4 KiB) or two. */
const probeBytes = 16 * 1024;

/**
 * Whether the database is ready: it answers, it has every migration this version knows (not so when
 * another server on it has not migrated yet, or it was restored from an older backup), and it takes a write. A database that answers reads but
 * refuses writes (its disk is full) would lose every request sent to this server, so it is not ready.
 *
 * The write is real and committed, so it meets what any write meets (a full file system, SQLite's
 * page limit, PostgreSQL's disk): a row big enough to need fresh space, deleted in the same
 * transaction, so the table stays empty. At most one check runs at a time, and its answer serves
 * every caller for `reuseMs`: /readyz may be asked every few seconds by several balancers.
 */
export class SqlReadiness {
  readonly #db: Kysely<Database>;
  readonly #reuseMs: number;
  readonly #clock: () => number;
  readonly #known: readonly string[];
  #last: { at: number; answer: Promise<DatabaseReadiness> } | undefined;

  constructor(
    db: Kysely<Database>,
    { reuseMs = 1_000, clock = Date.now, known = knownMigrations }: { reuseMs?: number; clock?: () => number; known?: readonly string[] } = {},
  ) {
    this.#db = db;
    this.#known = known;
    this.#reuseMs = reuseMs;
    this.#clock = clock;
  }

  check(): Promise<DatabaseReadiness> {
    const now = this.#clock();
    if (this.#last === undefined || now - this.#last.at >= this.#reuseMs) {
      this.#last = { at: now, answer: this.#probe() };
    }
    return this.#last.answer;
  }

  async #probe(): Promise<DatabaseReadiness> {
    try {
      await sql`select 1`.execute(this.#db);
    } catch (error) {
      return { ready: false, reason: 'database unreachable', cause: messageOf(error) };
    }
    try {
      const pending = await pendingMigrations(this.#db, this.#known);
      if (pending.length > 0) {
        return { ready: false, reason: 'database schema behind', cause: `migrations not applied: ${pending.join(', ')}; a server of this version applies them as it starts` };
      }
    } catch (error) {
      return { ready: false, reason: 'database unreachable', cause: messageOf(error) };
    }
    try {
      await this.#db.transaction().execute(async (tx) => {
        const id = randomUUID();
        await tx.insertInto('write_probes').values({ id, padding: 'x'.repeat(probeBytes) }).execute();
        await tx.deleteFrom('write_probes').where('id', '=', id).execute();
      });
      return { ready: true };
    } catch (error) {
      return { ready: false, reason: isDiskFull(error) ? 'database disk full' : 'database refuses writes', cause: messageOf(error) };
    }
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** SQLite's SQLITE_FULL (13), PostgreSQL's disk_full (53100), or the file system's ENOSPC. */
function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code: unknown = Reflect.get(error, 'code');
  return Reflect.get(error, 'errcode') === 13 || code === '53100' || code === 'ENOSPC';
}
