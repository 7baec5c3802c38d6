import type { RestClientOptions } from '../../../adapters/rest/rest-client';
import { RestPhotoLinks } from '../../../adapters/rest/rest-photo-links';
import { RestPhotoSender } from '../../../adapters/rest/rest-photo-sender';
import { RestStaffAuth } from '../../../adapters/rest/rest-staff-auth';
import { createSupabaseAuthClient } from '../../../adapters/supabase/supabase-client';
import { apiUrlOf, parseSupabaseConfig } from '../../../adapters/supabase/supabase-config';
import { SupabaseStaffAuth } from '../../../adapters/supabase/supabase-staff-auth';
import { apiPorts } from './api-ports';
import type { Backend } from './backend';

/**
 * Supabase mode: the product's one API runs as the project's `api` edge function, reached through the
 * same REST clients as our server; the client of the project's Auth only signs staff in, and its access
 * token goes with each call. The page never touches the database.
 */
export function createPorts(): Backend {
  const config = parseSupabaseConfig(import.meta.env);
  const supabaseAuth = createSupabaseAuthClient(config);
  const baseUrl = apiUrlOf(config);
  // The clients ask the sign-in for the token at each call; the sign-in asks the API who it is.
  const client: RestClientOptions = { baseUrl, accessToken: () => staffAuth.accessToken() };
  const staffAuth = new SupabaseStaffAuth({ client: supabaseAuth, staffOf: () => new RestStaffAuth(client).currentStaff() });
  // The API strips each photo's metadata, as our server does (ImageMagick, where sharp cannot run).
  return apiPorts(client, { staffAuth, photos: { sender: new RestPhotoSender({ baseUrl }), links: new RestPhotoLinks(client) } });
}
