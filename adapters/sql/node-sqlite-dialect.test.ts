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

test('a transaction SQLite ended itself (the disk is full) fails with that cause, not with the rollback after it', async () => {
  await withPipes(async (db) => {
    await db.insertInto('pipes').values({ bore: '15mm' }).execute();
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 0}`).execute(db);

    const full = db.transaction().execute(async (tx) => {
      await tx.insertInto('pipes').values({ bore: '22mm', blueprint: new Uint8Array(64 * 1024) }).execute();
    });
    await expect(full).rejects.toThrow('database or disk is full');
    await expect(full).rejects.toMatchObject({ errcode: 13 });

    // A transaction still open when its work fails is rolled back as ever.
    const failing = db.transaction().execute(async (tx) => {
      await tx.insertInto('pipes').values({ bore: '28mm' }).execute();
      throw new Error('the customer withdrew');
    });
    await expect(failing).rejects.toThrow('the customer withdrew');

    await sql`pragma max_page_count = 1000`.execute(db);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('pipes').values({ bore: '35mm', blueprint: new Uint8Array(64 * 1024) }).execute();
    });
    expect(await db.selectFrom('pipes').select('bore').orderBy('id').execute()).toEqual([{ bore: '15mm' }, { bore: '35mm' }]);
  });
});
