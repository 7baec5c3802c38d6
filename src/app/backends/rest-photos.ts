import { RestPhotoLinks } from '../../../adapters/rest/rest-photo-links';
import { RestPhotoSender } from '../../../adapters/rest/rest-photo-sender';
import type { BackendPhotos } from './backend';

/** Our server takes the photos as they are and processes them itself; staff read them from its API. */
export function createPhotoPorts(): BackendPhotos {
  return { sender: new RestPhotoSender(), links: new RestPhotoLinks() };
}
