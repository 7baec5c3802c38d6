import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryNotifier } from '../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../adapters/memory/in-memory-staff-auth';
import { defaultInboxQuery, inboxPageMax } from '../domain/inbox-query';
import type { InboxQuote } from '../domain/inbox-quote';
import type { Logger, QuoteInbox } from '../domain/ports';
import { createAppContext } from './app/app-context';
import { type Backend, loadedBackend } from './app/backends/backend';
import { createAppRouter } from './app/router';

/** A logger that keeps what it was told, for tests to read. */
export function recordingLogger(): Logger & { messages: string[] } {
  const messages: string[] = [];
  return { messages, error: (message) => messages.push(message) };
}

/** Every request a store holds, newest first, read as staff read them. */
export async function storedQuotes(inbox: QuoteInbox): Promise<readonly InboxQuote[]> {
  const page = await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: inboxPageMax, now: new Date() });
  return page.quotes;
}

/**
 * An in-memory backend, signed in, whose `store` (empty unless given) keeps the requests and is the
 * inbox; pass the ports a test wants to replace.
 */
export function testBackend({ store = new InMemoryQuoteRepository(), ...overrides }: Partial<Backend> & { store?: InMemoryQuoteRepository } = {}): Backend {
  return {
    quotes: store,
    inbox: store,
    notifier: new InMemoryNotifier(),
    logger: recordingLogger(),
    staffAuth: new InMemoryStaffAuth({ signedIn: true }),
    ...overrides,
  };
}

/** Renders the whole application at `path`, with its real router and stores, over `backend`. */
export function renderApp({
  path = '/',
  backend = testBackend(),
  demoStaff,
  now,
}: {
  path?: string;
  backend?: Backend;
  /** The clock the inbox reads; the real one unless given. */
  now?: () => Date;
  /** The demo account the sign-in screen offers, as in demo mode. */
  demoStaff?: { email: string; password: string };
} = {}) {
  const context = createAppContext(loadedBackend(backend, demoStaff ? { demoStaff } : {}), {}, now ? { now } : {});
  const router = createAppRouter(context, createMemoryHistory({ initialEntries: [path] }));
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user, backend };
}
