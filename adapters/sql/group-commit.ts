import type { Kysely, Transaction } from 'kysely';
import { sqlDialectOf } from './database';

/**
 * A piece of work that writes in a transaction; it may share the transaction with others. It must
 * touch nothing but the transaction: if another write of its batch fails, it runs again, alone.
 */
export type TransactionWork<DB, T> = (tx: Transaction<DB>) => Promise<T>;

interface Queued<DB> {
  work: TransactionWork<DB, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What one commit may hold at most, so a batch never keeps the database from everything else for long. */
const maxBatch = 256;

/**
 * Group commit for SQLite. It writes one transaction at a time, and with `synchronous = full` each
 * commit waits for the disk, so under load every write would queue behind the one before for its
 * own sync. Instead, the writes asked for while one transaction is being built or committed are run
 * together in the next, and each is answered only after the commit that holds it has returned, that
 * is once its rows are on disk. When one of them fails, the whole batch is rolled back and each of
 * its writes runs again in a transaction of its own: the one that failed fails alone, and nothing
 * of it is stored.
 *
 * A batch starts on the event loop's next turn, after the connections that had a request ready have
 * been read, so writes that arrive together commit together; alone, a write waits for nothing else.
 */
class GroupCommit<DB> {
  readonly #db: Kysely<DB>;
  #queue: Queued<DB>[] = [];
  #committing = false;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  run<T>(work: TransactionWork<DB, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#committing) {
        this.#committing = true;
        setImmediate(() => void this.#commitAll());
      }
    });
  }

  async #commitAll(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, maxBatch);
      if (batch.length === 1 || !(await this.#commitTogether(batch))) await this.#commitEachAlone(batch);
    }
    this.#committing = false;
  }

  /** Commits the batch as one transaction and answers each write; false, with nothing stored, if any failed. */
  async #commitTogether(batch: readonly Queued<DB>[]): Promise<boolean> {
    let values: unknown[];
    try {
      values = await this.#db.transaction().execute(async (tx) => {
        const done: unknown[] = [];
        for (const { work } of batch) done.push(await work(tx));
        return done;
      });
    } catch {
      return false;
    }
    batch.forEach(({ resolve }, index) => resolve(values[index]));
    return true;
  }

  async #commitEachAlone(batch: readonly Queued<DB>[]): Promise<void> {
    for (const { work, resolve, reject } of batch) {
      await this.#db.transaction().execute(work).then(resolve, reject);
    }
  }
}

/** Each database's queue; null for PostgreSQL, which has none. */
const groupCommits = new WeakMap<Kysely<never>, GroupCommit<never> | null>();

/**
 * Runs `work` in a transaction and resolves once it is committed. On SQLite it shares its commit with
 * the other writes of the moment (see GroupCommit); every store writing through here on one database
 * shares one queue. On PostgreSQL, whose connections commit side by side and which groups their syncs
 * itself, it is a transaction of its own.
 */
export function writeTransaction<DB, T>(db: Kysely<DB>, work: TransactionWork<DB, T>): Promise<T> {
  // Kept by database, whichever store asks: the casts only forget DB, which the queue never reads.
  const key = db as unknown as Kysely<never>;
  let group = groupCommits.get(key) as GroupCommit<DB> | null | undefined;
  if (group === undefined) {
    group = sqlDialectOf(db) === 'sqlite' ? new GroupCommit(db) : null;
    groupCommits.set(key, group as unknown as GroupCommit<never> | null);
  }
  return group === null ? db.transaction().execute(work) : group.run(work);
}
