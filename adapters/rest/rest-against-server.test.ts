import { expect, test } from 'vitest';
import { submitQuote } from '../../domain/submit-quote';
import { quoteRepositoryContract } from '../quote-repository.contract';
import { startTestServer } from '../server/test-server.test-support';
import { RestQuoteRepository } from './rest-quote-repository';
import { ServerNotifier } from './server-notifier';

// The browser's client against the real server and database, over real HTTP.
/** The browser's fetch, with the signed-in staff member's cookie as the browser would send it. */
const signedIn =
  (cookie: string): typeof fetch =>
  (input, init) => {
    const request = new Request(input, init);
    request.headers.set('cookie', cookie);
    return fetch(request);
  };

quoteRepositoryContract('RestQuoteRepository against our server', async ({ now }) => {
  const server = await startTestServer('sqlite', { now });
  return { repository: new RestQuoteRepository({ baseUrl: server.url, fetch: signedIn(server.staffCookie) }), cleanup: server.stop };
}, { deleteCreatedBefore: 'unsupported' });

test('the server judges by the same rules: a request it refuses names the field in domain terms', async () => {
  const server = await startTestServer('sqlite');
  try {
    const quotes = new RestQuoteRepository({ baseUrl: server.url, fetch: signedIn(server.staffCookie) });
    // Straight to the repository, past the browser's own check, as a client with other rules would.
    const refused = await quotes
      .insert({ name: 'Ada', email: null, phone: '12', serviceType: 'general', description: null, urgent: false })
      .then(
        () => 'stored',
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ reason: { kind: 'invalid-fields', issues: [{ field: 'phone' }] } });

    const result = await submitQuote(
      { quotes, notifier: new ServerNotifier(), logger: { error: () => undefined } },
      { name: 'Ada', phone: '020 7946 0777', serviceType: 'general' },
    );
    expect(result).toMatchObject({ ok: true, quote: { name: 'Ada', serviceType: 'general' } });
    expect(await quotes.listNewestFirst()).toHaveLength(1);
  } finally {
    await server.stop();
  }
});
