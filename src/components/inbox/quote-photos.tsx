import { useEffect, useState } from 'react';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import type { PhotoRef } from '../../../domain/photos/photos';
import { useAppContext } from '../../app/app-context-provider';

interface Shown {
  thumbnail: string;
  full: string;
}

/** "Photo 1 of 2 from Priya Raman": which photo, and whose. */
const photoAlt = (index: number, count: number, name: string) => `Photo ${String(index + 1)} of ${String(count)} from ${name}`;

/** One photo's thumbnail, laid out at its size before it loads; tapped, it opens full size in a new tab. */
function PhotoThumbnail({ quote, photo, index }: { quote: InboxQuote; photo: PhotoRef; index: number }) {
  const links = useAppContext((context) => context.photoLinks);
  const [shown, setShown] = useState<Shown | 'unavailable'>();
  useEffect(() => {
    let current = true;
    Promise.all([links.photoUrl(quote.id, photo, 'thumbnail'), links.photoUrl(quote.id, photo, 'full')]).then(
      ([thumbnail, full]) => current && setShown({ thumbnail, full }),
      () => current && setShown('unavailable'),
    );
    return () => {
      current = false;
    };
  }, [links, quote.id, photo]);
  const alt = photoAlt(index, quote.photos.length, quote.name);
  const size = { width: photo.thumbnailWidth, height: photo.thumbnailHeight };
  if (shown === undefined) return <span className="quote-photo quote-photo-loading" role="img" aria-label={alt} />;
  if (shown === 'unavailable') {
    return (
      <span className="quote-photo quote-photo-unavailable">
        {alt}: cannot be shown now
      </span>
    );
  }
  return (
    <a className="quote-photo" href={shown.full} target="_blank" rel="noopener" title={`${alt}, full size (opens in a new tab)`}>
      <img src={shown.thumbnail} alt={alt} {...size} loading="lazy" />
    </a>
  );
}

/** The photos sent with a request, as a row of thumbnails. */
export function QuotePhotos({ quote }: { quote: InboxQuote }) {
  if (quote.photos.length === 0) return null;
  return (
    <ul className="quote-photos" aria-label={`Photos (${String(quote.photos.length)})`}>
      {quote.photos.map((photo, index) => (
        <li key={photo.id}>
          <PhotoThumbnail quote={quote} photo={photo} index={index} />
        </li>
      ))}
    </ul>
  );
}
