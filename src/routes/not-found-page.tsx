import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { business } from '../../domain/business';
import { copy } from '../../domain/copy';

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <title>{`Page not found | ${business.name}`}</title>
      <h1 id="not-found-title">404</h1>
      <p>{copy.notFound.text}</p>
      <Link to="/" className="button button-primary">
        Return to Home
      </Link>
    </section>
  );
}
