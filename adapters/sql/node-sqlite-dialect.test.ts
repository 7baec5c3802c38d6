import { DatabaseSync } from 'node:sqlite';
import { type Generated, Kysely, sql } from 'kysely';
import { expect, test } from 'vitest';
import { NodeSqliteDialect } from './node-sqlite-dialect';

interface PipesDatabase {
  pipes: { id: Generated<number>; bore: string; blueprint: Uint8Array | null };
}

async function withPipes(use: (db: Kysely<PipesDatabase>) => Promise<void>): Promise<void> {
  const db = new Kysely<PipesDatabase>({ dialect: new NodeSqliteDialect(new DatabaseSync(':memory:')) });
  try {
    await db.schema
      .createTable('pipes')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('bore', 'text', (column) => column.notNull())
      .addColumn('blueprint', 'blob')
      .execute();
    await use(db);
  } finally {
    await db.destroy();
  }
}

test('writes report the rows changed and the new rowid; reads and RETURNING give rows', async () => {
  await withPipes(async (db) => {
    const written = await db.insertInto('pipes').values([{ bore: '15mm' }, { bore: '22mm' }]).executeTakeFirstOrThrow();
    expect(written).toMatchObject({ numInsertedOrUpdatedRows: 2n, insertId: 2n });
    expect(await db.insertInto('pipes').values({ bore: '28mm' }).returning(['id', 'bore']).execute()).toEqual([{ id: 3, bore: '28mm' }]);
    expect(await db.selectFrom('pipes').select('bore').orderBy('id').execute()).toEqual([{ bore: '15mm' }, { bore: '22mm' }, { bore: '28mm' }]);
  });
});

test('select queries can be streamed', async () => {
  await withPipes(async (db) => {
    await db.insertInto('pipes').values([{ bore: '15mm' }, { bore: '22mm' }]).execute();
    const bores: string[] = [];
    for await (const { bore } of db.selectFrom('pipes').select('bore').orderBy('id').stream()) bores.push(bore);
    expect(bores).toEqual(['15mm', '22mm']);
  });
});

test('booleans are stored as 1 and 0, and bytes as a BLOB', async () => {
  await withPipes(async (db) => {
    const { rows } = await sql<{ yes: unknown; no: unknown }>`select ${true} as yes, ${false} as no`.execute(db);
    expect(rows).toEqual([{ yes: 1, no: 0 }]);
    await db.insertInto('pipes').values({ bore: '15mm', blueprint: Buffer.from([1, 2, 3]) }).execute();
    const { blueprint } = await db.selectFrom('pipes').select('blueprint').executeTakeFirstOrThrow();
    expect(blueprint).toEqual(new Uint8Array([1, 2, 3]));
  });
});

test('a value SQLite cannot store is refused, not quietly stored as NULL', async () => {
  await withPipes(async (db) => {
    await expect(sql`select ${new Date('2024-05-01T09:00:00Z')} as at`.execute(db)).rejects.toThrow(/\[object Date\]/);
    await expect(sql`select ${{ bore: '15mm' }} as at`.execute(db)).rejects.toThrow(TypeError);
  });
});
