import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryNotifier } from '../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../adapters/memory/in-memory-quote-repository';
import { InMemoryStaffAuth } from '../adapters/memory/in-memory-staff-auth';
import type { Logger } from '../domain/ports';
import { createAppContext } from './app-context';
import { type Backend, loadedBackend } from './backends/backend';
import { createAppRouter } from './router';

/** A logger that keeps what it was told, for tests to read. */
export function recordingLogger(): Logger & { messages: string[] } {
  const messages: string[] = [];
  return { messages, error: (message) => messages.push(message) };
}

/** An empty in-memory backend; pass the ports a test wants to replace. */
export function testBackend(overrides: Partial<Backend> = {}): Backend {
  return {
    quotes: new InMemoryQuoteRepository(),
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
}: {
  path?: string;
  backend?: Backend;
  /** The demo account the sign-in screen offers, as in demo mode. */
  demoStaff?: { email: string; password: string };
} = {}) {
  const context = createAppContext(loadedBackend(backend, demoStaff ? { demoStaff } : {}));
  const router = createAppRouter(context, createMemoryHistory({ initialEntries: [path] }));
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user, backend };
}
