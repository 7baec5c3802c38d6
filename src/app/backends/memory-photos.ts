import { InMemoryPhotoSender } from '../../../adapters/memory/in-memory-photo-sender';
import { ObjectUrlPhotoLinks } from '../../../adapters/memory/object-url-photo-links';
import type { PhotoStore } from '../../../domain/ports/photos';
import type { QuoteRepository } from '../../../domain/ports/quote-repository';
import { CanvasPhotoProcessor } from '../photos/canvas-photo-processor';
import type { BackendPhotos } from './backend';

/** The demo has no server: photos are processed in the page, kept beside the requests, shown by object URLs. */
export function createPhotoPorts(store: Pick<QuoteRepository, 'insert'> & PhotoStore): BackendPhotos {
  return { sender: new InMemoryPhotoSender({ quotes: store, processor: new CanvasPhotoProcessor() }), links: new ObjectUrlPhotoLinks(store) };
}
