import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { PageHead } from '../../seo/page-head';
import { siteUrl } from '../site-url';
import { loggedNotFoundAttribute, notFoundTitleId } from '../../render/interaction-loader';

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    // Our server's 404 page logged itself as it opened, before these scripts came: once is enough.
    const root = document.documentElement;
    if (root.getAttribute(loggedNotFoundAttribute) === pathname) {
      root.removeAttribute(loggedNotFoundAttribute);
      return;
    }
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="status-page" aria-labelledby={notFoundTitleId}>
      <PageHead title={`Page not found | ${business.name}`} description={copy.notFound.text} siteUrl={siteUrl} noindex />
      <h1 id={notFoundTitleId}>404</h1>
      <p>{copy.notFound.text}</p>
      <Link to="/" className="button button-primary">
        Return to Home
      </Link>
    </section>
  );
}
