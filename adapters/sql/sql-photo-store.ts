import type { Kysely } from 'kysely';
import type { PhotoContent, PhotoStore } from '../../domain/ports/photos';
import { type Database, sqlDialectOf } from './database';
import { PhotoFiles } from './photo-files';

/** Options for {@link SqlPhotoStore}. */
export interface SqlPhotoStoreOptions {
  /** SQLite only: the directory `SqlQuoteRepository` keeps the photos' files in (DATA_DIR/photos). */
  photoDir?: string;
}

/**
 * Reads the photos `SqlQuoteRepository` stored: from the row on PostgreSQL (so every server on the
 * database serves them), from the files its row names on SQLite.
 */
export class SqlPhotoStore implements PhotoStore {
  readonly #db: Kysely<Database>;
  readonly #files: PhotoFiles | undefined;

  constructor(db: Kysely<Database>, { photoDir }: SqlPhotoStoreOptions = {}) {
    this.#db = db;
    if (sqlDialectOf(db) === 'postgres') {
      this.#files = undefined;
    } else if (photoDir === undefined) {
      throw new Error('SQLite keeps photos as files: SqlPhotoStore needs the photo directory');
    } else {
      this.#files = new PhotoFiles(photoDir);
    }
  }

  async read(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): Promise<PhotoContent | undefined> {
    const photo = this.#db.selectFrom('quote_photos').where('id', '=', photoId).where('quote_id', '=', quoteId);
    const files = this.#files;
    if (files === undefined) {
      const row = await photo.select((eb) => ['content_type', eb.ref(size === 'full' ? 'body' : 'thumbnail').as('image')]).executeTakeFirst();
      if (row === undefined) return undefined;
      const body = row.image;
      return { contentType: row.content_type, body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
    }
    // The path is made of the row's ids, never of what the caller sent.
    const row = await photo.select(['id', 'quote_id', 'content_type']).executeTakeFirst();
    if (row === undefined) return undefined;
    const body = await files.read(row.quote_id, row.id, size);
    return body && { contentType: row.content_type, body };
  }
}
