import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { photoStoreContract, samplePhoto } from '../contracts/photo-store.test-support';
import { type SqlDialectName } from './database';
import { makeSqlStore } from './sql-store.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { SqlCustomerData } from './sql-customer-data';
import { SqlPhotoStore } from './sql-photo-store';
import { SqlQuoteRepository } from './sql-quote-repository';

/** Every file under `dir`, by its path from there; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort();
}

/** A migrated store with its photos: files in a directory of their own on SQLite, rows on PostgreSQL. */
async function makePhotoStore(dialect: SqlDialectName, { now, notify = false }: { now: () => Date; notify?: boolean }) {
  const store = await makeSqlStore(dialect, { now });
  const root = await mkdtemp(join(tmpdir(), 'photos-'));
  const photoDir = join(root, 'photos');
  const options = dialect === 'sqlite' ? { photoDir } : {};
  const repository = new SqlQuoteRepository(store.db, { now, notify, ...options });
  return {
    ...store,
    repository,
    retention: repository,
    photos: new SqlPhotoStore(store.db, options),
    customerData: new SqlCustomerData(store.db, options),
    photoDir,
    leftovers: async () => {
      const { rows } = await store.db.selectFrom('quote_photos').select((eb) => eb.fn.countAll<number | string>().as('rows')).executeTakeFirstOrThrow();
      return { rows: Number(rows), files: await filesUnder(root) };
    },
    cleanup: async () => {
      await store.cleanup();
      await rm(root, { recursive: true, force: true });
    },
  };
}

for (const dialect of sqlDialects) {
  // An empty name breaks the name's CHECK: the database refuses the request after its photos were sent.
  photoStoreContract(`SqlQuoteRepository and SqlPhotoStore on ${dialect}`, (options) => makePhotoStore(dialect, options), {
    rejectedQuote: sampleQuote({ name: '' }),
  });

  test(`${dialect}: a photo the database refuses takes its request, its emails and every photo file with it`, async () => {
    const store = await makePhotoStore(dialect, { now: () => new Date('2024-05-01T09:00:00Z'), notify: true });
    try {
      await expect(store.repository.insert(sampleQuote(), [samplePhoto(1), { ...samplePhoto(2), width: 0 }])).rejects.toThrow();
      expect(await store.db.selectFrom('quote_requests').select('id').execute()).toEqual([]);
      expect(await store.db.selectFrom('notifications').select('id').execute()).toEqual([]);
      expect(await store.leftovers()).toEqual({ rows: 0, files: [] });
    } finally {
      await store.cleanup();
    }
  });

  test(`${dialect}: the outbox's claim says how many photos came with the request`, async () => {
    const { SqlNotificationOutbox } = await import('./sql-notification-outbox');
    const store = await makePhotoStore(dialect, { now: () => new Date('2024-05-01T09:00:00Z'), notify: true });
    try {
      await store.repository.insert(sampleQuote({ name: 'Two photos', email: null }), [samplePhoto(1), samplePhoto(2)]);
      await store.repository.insert(sampleQuote({ name: 'No photos', email: null }));
      const claimed = await new SqlNotificationOutbox(store.db, { now: () => new Date('2024-05-01T09:00:01Z') }).claimDue(10);
      expect(claimed.map(({ quote, photoCount }) => [quote.name, photoCount]).sort()).toEqual([
        ['No photos', 0],
        ['Two photos', 2],
      ]);
    } finally {
      await store.cleanup();
    }
  });
}

test('sqlite: photos are files named by their rows under the photo directory, written whole before they are named', async () => {
  const store = await makePhotoStore('sqlite', { now: () => new Date('2024-05-01T09:00:00Z') });
  try {
    const stored = await store.repository.insert(sampleQuote(), [samplePhoto(1)]);
    const rows = await store.db.selectFrom('quote_photos').select(['id', 'quote_id', 'position', 'content_type']).execute();
    const id = rows[0]?.id ?? 'missing';
    expect(rows).toEqual([{ id, quote_id: stored.id, position: 0, content_type: 'image/jpeg' }]);
    expect(await filesUnder(store.photoDir)).toEqual([`${stored.id}/${id}.jpg`, `${stored.id}/${id}.thumb.jpg`].sort());
  } finally {
    await store.cleanup();
  }
});

test('sqlite: a request stored without a photo directory refuses photos, and keeps nothing', async () => {
  const store = await makeSqlStore('sqlite');
  try {
    await expect(new SqlQuoteRepository(store.db).insert(sampleQuote(), [samplePhoto(1)])).rejects.toThrow(/photo directory/);
    expect(await store.db.selectFrom('quote_requests').select('id').execute()).toEqual([]);
    expect(() => new SqlPhotoStore(store.db)).toThrow(/photo directory/);
  } finally {
    await store.cleanup();
  }
});

test('sqlite: the purge sweeps away photo files no row names, a crash’s leftovers, and spares an insert still writing', async () => {
  const store = await makePhotoStore('sqlite', { now: () => new Date('2024-05-01T09:00:00Z') });
  try {
    const kept = await store.repository.insert(sampleQuote(), [samplePhoto(1)]);
    const keptFiles = await filesUnder(store.photoDir);
    const orphan = crypto.randomUUID();
    const writing = crypto.randomUUID();
    const photo = crypto.randomUUID();
    await mkdir(join(store.photoDir, orphan), { recursive: true });
    await writeFile(join(store.photoDir, orphan, `${photo}.jpg`), 'a photo whose row never committed');
    await writeFile(join(store.photoDir, orphan, `${photo}.thumb.jpg.tmp`), 'half a thumbnail');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(store.photoDir, orphan, `${photo}.thumb.jpg.tmp`), hourAgo, hourAgo);
    await writeFile(join(store.photoDir, kept.id, `${crypto.randomUUID()}.jpg`), 'a photo of a row deleted');
    await mkdir(join(store.photoDir, writing));
    await writeFile(join(store.photoDir, writing, `${photo}.jpg.tmp`), 'being written now');

    expect(await store.retention.deleteCreatedBefore(new Date('2024-01-01T00:00:00Z'))).toBe(0);
    expect(await filesUnder(store.photoDir)).toEqual([...keptFiles, `${writing}/${photo}.jpg.tmp`].sort());
    expect((await readdir(store.photoDir)).sort()).toEqual([kept.id, writing].sort());
  } finally {
    await store.cleanup();
  }
});
