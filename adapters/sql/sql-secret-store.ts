import type { Kysely } from 'kysely';
import type { SecretStore } from '../../domain/ports/secret-store';
import type { Database } from './database';

/**
 * Values a server makes once and every server on the database shares (the VAPID keys, the key that
 * signs "I'm on it" tokens), in SQLite or PostgreSQL (migrated with `migrateToLatest`). Kept in clear
 * in the database, as the staff's session hashes are: whoever can read it can already read every request.
 */
export class SqlSecretStore implements SecretStore {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The value kept under `name`, or undefined when none is yet. */
  async find(name: string): Promise<string | undefined> {
    const row = await this.#db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
    return row?.value;
  }

  /**
   * Keeps `candidate` under `name` unless a value is kept there already, then reads back what is. Of
   * two servers starting together, PostgreSQL makes the second insert wait for the first to commit and
   * then do nothing, so both read the first's value; SQLite runs one writer at a time.
   */
  async keepOnce(name: string, candidate: string): Promise<string> {
    await this.#db
      .insertInto('server_secrets')
      .values({ name, value: candidate })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const { value } = await this.#db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return value;
  }
}
