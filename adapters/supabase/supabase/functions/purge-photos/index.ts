import { serveFunction } from '../_shared/serve.ts';
import { parseStoreConfig } from '../_shared/postgrest.ts';
import { photoLimits } from '../../../../../domain/photos/photos.ts';
import { handlePurgePhotos, type PurgeSetup } from './handler.ts';

const required = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

/** The bucket of 20261203070000_quote_photos.sql (adapters/supabase/photo-functions-sql.ts photoBucket). */
const bucket = 'quote-photos';

function purgeSetup(): PurgeSetup | { ok: false; problem: string } {
  const project = parseStoreConfig(Object.fromEntries(required.map((name) => [name, Deno.env.get(name)])));
  if (project === undefined) return { ok: false, problem: `set the secrets ${required.join(', ')}` };
  return { ok: true, project, bucket, folderLimit: 2 * photoLimits.maxCount + 10, fetch, log: (line) => console.log(line) };
}

const setup = purgeSetup();
serveFunction((request) => handlePurgePhotos(request, setup));
