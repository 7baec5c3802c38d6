import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect over Node's built-in `node:sqlite`, which needs no native build (unlike
 * better-sqlite3, the driver the dialect was written for). Kysely closes the database on `destroy()`.
 */
export class NodeSqliteDialect extends SqliteDialect {
  constructor(database: DatabaseSync) {
    super({ database: asKyselyDatabase(database) });
  }
}

// Kysely only needs better-sqlite3's `close` and `prepare`; node:sqlite has both under other shapes.
function asKyselyDatabase(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => asKyselyStatement(database.prepare(sql)),
  };
}

function asKyselyStatement(statement: StatementSync): SqliteStatement {
  return {
    // Kysely asks `reader` to choose between all() and run(); a statement that yields columns
    // (SELECT, or INSERT ... RETURNING) is a reader.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...parameters.map(toSqlValue)),
    run: (parameters) => statement.run(...parameters.map(toSqlValue)),
    iterate: (parameters) => statement.iterate(...parameters.map(toSqlValue)),
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
