import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { type DatabaseConnection, type Driver, type SqliteDatabase, SqliteDialect, SqliteDriver, type SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect over Node's built-in `node:sqlite`, which needs no native build (unlike
 * better-sqlite3, the driver the dialect was written for). Kysely closes the database on `destroy()`.
 */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: DatabaseSync;

  constructor(database: DatabaseSync) {
    super({ database: asKyselyDatabase(database) });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new NodeSqliteDriver({ database: asKyselyDatabase(this.#database) }, this.#database);
  }
}

/**
 * SQLite ends a transaction itself when a statement in it fails with SQLITE_FULL, SQLITE_IOERR,
 * SQLITE_NOMEM or SQLITE_BUSY in some cases. Kysely then sends ROLLBACK, which fails with "cannot
 * rollback - no transaction is active" and would be thrown in place of the failure that mattered
 * ("database or disk is full"). A transaction SQLite has already rolled back is left alone.
 */
class NodeSqliteDriver extends SqliteDriver {
  readonly #database: DatabaseSync;

  constructor(config: ConstructorParameters<typeof SqliteDriver>[0], database: DatabaseSync) {
    super(config);
    this.#database = database;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#database.isOpen || !this.#database.isTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

/**
 * Statements kept prepared, by their SQL: compiling one costs more than running most of ours. Kysely
 * writes the same SQL for the same query, so the few dozen the application runs are each compiled
 * once; a list of values of a new length makes new SQL, so the cache starts over when it is full.
 */
const maxCachedStatements = 500;

// Kysely only needs better-sqlite3's `close` and `prepare`; node:sqlite has both under other shapes.
function asKyselyDatabase(database: DatabaseSync): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare: (sql) => {
      const cached = prepared.get(sql);
      if (cached) return cached;
      if (prepared.size >= maxCachedStatements) prepared.clear();
      const statement = asKyselyStatement(database, sql);
      prepared.set(sql, statement);
      return statement;
    },
  };
}
function asKyselyStatement(database: DatabaseSync, sql: string): SqliteStatement {
  const statement = database.prepare(sql);
  return {
    // Kysely asks `reader` to choose between all() and run(); a statement that yields columns
    // (SELECT, or INSERT ... RETURNING) is a reader.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...parameters.map(toSqlValue)),
    run: (parameters) => statement.run(...parameters.map(toSqlValue)),
    // A kept statement is shared, and one being iterated cannot run again meanwhile: each stream
    // gets a statement of its own.
    iterate: (parameters) => database.prepare(sql).iterate(...parameters.map(toSqlValue)),
  };
}

function toSqlValue(value: unknown): SQLInputValue {
  if (value === null || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value; // a BLOB, Buffers included
  // SQLite has no boolean type: its TRUE and FALSE are 1 and 0.
  if (typeof value === 'boolean') return value ? 1 : 0;
  // node:sqlite would quietly store a Date or any other object as NULL; refuse instead.
  throw new TypeError(`SQLite cannot store a parameter of type ${Object.prototype.toString.call(value)}`);
}
