import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { PageHead } from '../../seo/page-head';
import { siteUrl } from '../site-url';

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <PageHead title={`Page not found | ${business.name}`} description={copy.notFound.text} siteUrl={siteUrl} noindex />
      <h1 id="not-found-title">404</h1>
      <p>{copy.notFound.text}</p>
      <Link to="/" className="button button-primary">
        Return to Home
      </Link>
    </section>
  );
}
