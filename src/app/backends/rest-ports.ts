import { RestStaffAuth } from '../../../adapters/rest/rest-staff-auth';
import { apiPorts } from './api-ports';
import type { Backend } from './backend';
import { photosOnFirstUse } from './photos-on-first-use';

/** Our own server: the page's own origin answers the API, and staff sign in with its cookie. */
export function createPorts(): Backend {
  return apiPorts({}, { staffAuth: new RestStaffAuth(), photos: photosOnFirstUse(async () => (await import('./rest-photos')).createPhotoPorts()) });
}
