import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Logger, Notifier, QuoteRepository } from '../../domain/ports';
import type { PageState } from '../http-api/page-state';
import { apiPaths, type WireError } from '../http-api/wire';
import { openApiDocument } from '../http-api/openapi';
import type { PageRenderer } from './page-renderer';
import { quoteApi } from './quote-api';
import { requestLog, type RequestLogEntry } from './request-log';

export interface ServerDeps {
  quotes: QuoteRepository;
  notifier: Notifier;
  logger: Logger;
  /** Whether the database answers, for /readyz. */
  isReady: () => Promise<boolean>;
  pages: PageRenderer;
  /** The built browser files (dist/client): hashed assets under assets/. */
  assetsDir: string;
  writeLog: (entry: RequestLogEntry) => void;
  bodyLimitBytes?: number;
}

/** Where the quote form's plain post sends the visitor once the request is stored. */
const submittedLocation = '/?quote=submitted';

const notFound: WireError = { error: 'not-found', message: 'There is no such API path' };

/** The whole site over HTTP: the REST API, health checks, the built assets and server-rendered pages. */
export function createServerApp(deps: ServerDeps) {
  const app = new Hono();
  const page = async (url: string, state: PageState, status?: number) => {
    const rendered = await deps.pages.render(url, state);
    return new Response(rendered.html, {
      status: status ?? rendered.status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  };

  app.use(requestLog(deps.writeLog));
  app.onError((error, c) => {
    deps.logger.error(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.req.path.startsWith('/api/')
      ? c.json({ error: 'internal-error', message: 'Something went wrong on our side' }, 500)
      : c.text('Something went wrong on our side. Please call us instead.', 500);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) =>
    (await deps.isReady().catch(() => false))
      ? c.json({ status: 'ready' })
      : c.json({ status: 'unavailable', reason: 'database unreachable' }, 503),
  );

  app.get(apiPaths.openapi, (c) => c.json(openApiDocument));
  app.route(
    apiPaths.quoteRequests,
    quoteApi(deps, {
      bodyLimitBytes: deps.bodyLimitBytes ?? 16 * 1024,
      formPost: async (draft, result) =>
        result.ok
          ? new Response(null, { status: 303, headers: { location: submittedLocation } })
          : page('/', { form: { draft, error: result.error } }, result.error.kind === 'storage-failure' ? 503 : 400),
    }),
  );
  app.all('/api/*', (c) => c.json(notFound, 404));

  app.use(
    '/assets/*',
    serveStatic({
      root: deps.assetsDir,
      onFound: (_path, c) => {
        // Every file under assets/ has its content's hash in its name.
        c.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('*', (c) => page(c.req.path, c.req.query('quote') === 'submitted' ? { submitted: true } : {}));

  return app;
}
