import { open, readdir, readFile, rename, rm, stat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ProcessedPhoto } from '../../domain/photos/photos';
import type { Database } from './database';

/** A photo about to be stored: the id its row and files get. */
export interface PhotoToStore {
  id: string;
  photo: ProcessedPhoto;
}

// Written under this suffix, renamed to its name once its row is committed: a file under its own name
// always has (or had) a row, so the sweep can tell a crash's leftovers from an insert still under way.
// Backups leave out *.tmp files (sqlite-backup.ts).
const partial = '.tmp';
// A partial file older than this belongs to no insert still running.
const abandonedAfterMs = 60 * 60 * 1000;
const ids = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The photos of SQLite mode: files under one directory (DATA_DIR/photos), `<quote id>/<photo id>.jpg`
 * and `<photo id>.thumb.jpg`, each named by a row of `quote_photos`. Rows and files cannot share a
 * transaction, so files are written first under partial names, and moved into place after the rows
 * commit; {@link sweep} removes what a crash between left behind.
 */
export class PhotoFiles {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** The file of a stored photo. The ids come from a row, never from a request's path. */
  path(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): string {
    if (!ids.test(quoteId) || !ids.test(photoId)) throw new Error('A stored photo has a malformed id');
    return join(this.#dir, quoteId, `${photoId}${size === 'full' ? '.jpg' : '.thumb.jpg'}`);
  }

  async read(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.path(quoteId, photoId, size)));
    } catch (error) {
      // A row whose file is gone: deleted meanwhile with its request.
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Writes each photo and thumbnail under its partial name, on disk (fsync) before it resolves. */
  async writePartial(quoteId: string, photos: readonly PhotoToStore[]): Promise<void> {
    const dir = join(this.#dir, quoteId);
    await mkdir(dir, { recursive: true });
    for (const { id, photo } of photos) {
      await writeSynced(this.path(quoteId, id, 'full') + partial, photo.body);
      await writeSynced(this.path(quoteId, id, 'thumbnail') + partial, photo.thumbnail.body);
    }
    await syncDirectory(dir);
    await syncDirectory(this.#dir);
  }

  /** Moves the partial files into place, once their rows are committed. */
  async publish(quoteId: string, photos: readonly PhotoToStore[]): Promise<void> {
    for (const { id } of photos) {
      for (const size of ['full', 'thumbnail'] as const) {
        const path = this.path(quoteId, id, size);
        await rename(path + partial, path);
      }
    }
    await syncDirectory(join(this.#dir, quoteId));
  }

  /** Removes every photo file of the request, partial or not; nothing to remove is no error. */
  async remove(quoteId: string): Promise<void> {
    if (!ids.test(quoteId)) return;
    await rm(join(this.#dir, quoteId), { recursive: true, force: true });
  }

  /**
   * Removes the files and directories that no row of `quote_photos` names: those of a request deleted
   * while its files could not be removed, or of a crash between the files and their rows. Partial files
   * are spared for an hour, in case their insert is still running. Answers how many files it removed.
   */
  async sweep(db: Kysely<Database>): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.#dir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const quoteId of entries) {
      const dir = join(this.#dir, quoteId);
      let files: string[];
      try {
        files = await readdir(dir);
      } catch {
        // Not a directory of ours: leave it.
        continue;
      }
      // The rows are read after the files: a file found under its own name had its row committed first.
      const rows = ids.test(quoteId) ? await db.selectFrom('quote_photos').select('id').where('quote_id', '=', quoteId).execute() : [];
      const kept = new Set(rows.flatMap(({ id }) => [`${id}.jpg`, `${id}.thumb.jpg`]));
      const young = async (path: string) => Date.now() - (await stat(path)).mtimeMs < abandonedAfterMs;
      let left = 0;
      for (const file of files) {
        const path = join(dir, file);
        if (kept.has(file) || (file.endsWith(partial) && (await young(path)))) {
          left++;
        } else {
          await rm(path, { recursive: true, force: true });
          removed++;
        }
      }
      // An empty directory may be an insert's, just made, its files not yet written.
      if (left === 0 && (files.length > 0 || !(await young(dir)))) await rm(dir, { recursive: true, force: true });
    }
    return removed;
  }
}

async function writeSynced(path: string, body: Uint8Array): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the directory's entries (a new file, a rename) last a power cut. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
