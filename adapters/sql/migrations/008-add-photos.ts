// Frozen once released, as every migration is. No `down`: it would lose every photo sent. The limits in
// its CHECKs are written out here, not read from domain/photos.ts, so that a later change to the domain
// cannot change what this migration did.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** The domain's photoLimits.maxCount when this migration was written. */
const maxPhotosAt008 = 5;

/**
 * `quote_photos`: the photos sent with each request, in the order sent, going with the request when it
 * is deleted. PostgreSQL keeps each photo and its thumbnail in the row, so every server on the database
 * reads them; SQLite keeps them as files beside the database (DATA_DIR/photos/<quote id>/), the row
 * saying that they are there.
 */
export const addPhotos: Migration = {
  async up(db) {
    const postgres = sqlDialectOf(db) === 'postgres';
    const timestamp = postgres ? sql`timestamptz` : sql`text`;
    const bodies = postgres ? sql`body bytea not null, thumbnail bytea not null,` : sql``;
    await sql`create table quote_photos (
        id text primary key,
        quote_id text not null references quote_requests (id) on delete cascade,
        position integer not null,
        width integer not null,
        height integer not null,
        thumbnail_width integer not null,
        thumbnail_height integer not null,
        content_type text not null,
        created_at ${timestamp} not null,
        ${bodies}
        constraint quote_photos_position check (position between 0 and ${sql.lit(maxPhotosAt008 - 1)}),
        constraint quote_photos_size check (width > 0 and height > 0 and thumbnail_width > 0 and thumbnail_height > 0),
        constraint quote_photos_content_type check (content_type = 'image/jpeg'),
        constraint quote_photos_once_per_position unique (quote_id, position)
      )`.execute(db);
  },
};
