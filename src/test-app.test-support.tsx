import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { PageState } from '../adapters/http-api/page-state';
import { InMemoryAlertSettings } from '../adapters/memory/in-memory-alert-settings.test-support';
import { InMemoryNotifier } from '../adapters/memory/in-memory-notifier';
import { InMemoryPhotoSender } from '../adapters/memory/in-memory-photo-sender.test-support';
import { ObjectUrlPhotoLinks } from '../adapters/memory/object-url-photo-links.test-support';
import { type InboxSeed, InMemoryQuoteRepository } from '../adapters/memory/in-memory-quote-repository';
import type { Activity } from '../domain/activity/activity';
import { InMemoryStaffAuth } from '../adapters/memory/in-memory-staff-auth';
import { defaultInboxQuery, inboxPageMax } from '../domain/inbox/inbox-query';
import type { InboxQuote } from '../domain/inbox/inbox-quote';
import type { Logger } from '../domain/ports/logger';
import type { QuoteInbox } from '../domain/ports/quote-inbox';
import { createAppContext } from './app/app-context';
import { type Backend, loadedBackend } from './app/backends/backend';
import { createAppRouter } from './app/router';
import { PassThroughPhotoProcessor } from './app/photos/pass-through-photo-processor.test-support';
import type { ThisBrowser } from './app/this-browser';

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
 * A store of `seeds`, each with the steps `steps` names for its id after its own: the steps only the
 * system and the customer take (a reminder emailed, a visit booked through one), as a log.
 */
export async function storeWithSteps(seeds: readonly InboxSeed[], steps: Readonly<Record<string, readonly Activity[]>>): Promise<InMemoryQuoteRepository> {
  const logs = new Map((await storedQuotes(new InMemoryQuoteRepository({ seed: seeds }))).map(({ id, activity }) => [id, activity]));
  return new InMemoryQuoteRepository({ seed: seeds.map((seed) => ({ ...seed, activity: [...(logs.get(seed.id) ?? []), ...(steps[seed.id] ?? [])] })) });
}

/**
 * An in-memory backend, signed in, whose `store` (empty unless given) keeps the requests and is the
 * inbox; pass the ports a test wants to replace. Photos go through `quotes` (the store unless given).
 */
export function testBackend({ store = new InMemoryQuoteRepository(), ...overrides }: Partial<Backend> & { store?: InMemoryQuoteRepository } = {}): Backend {
  return {
    photos: {
      sender: new InMemoryPhotoSender({ quotes: overrides.quotes ?? store, processor: new PassThroughPhotoProcessor() }),
      links: new ObjectUrlPhotoLinks(store),
    },
    quotes: store,
    inbox: store,
    customerData: store,
    notifier: new InMemoryNotifier(),
    logger: recordingLogger(),
    staffAuth: new InMemoryStaffAuth({ signedIn: true }),
    alerts: new InMemoryAlertSettings({ staff: ['demo@se1plumbing.example', 'sam.porter@se1plumbing.example'] }),
    ...overrides,
  };
}

/**
 * A browser for the alert settings that does what it is told: `problem` makes turning alerts on fail
 * so; otherwise it is permitted and, given a push key, subscribed. It remembers its device in memory.
 */
export function fakeBrowser({ problem, label = 'Chrome on Android' }: { problem?: Parameters<typeof failWith>[0]; label?: string } = {}): ThisBrowser & { subscribed: boolean } {
  let remembered: string | null = null;
  const browser = {
    subscribed: false,
    label: () => label,
    enabled: () => Promise.resolve(browser.subscribed),
    enable: (pushKey: string | null) => {
      if (problem) return Promise.resolve(failWith(problem));
      browser.subscribed = true;
      const subscription = pushKey === null ? null : { endpoint: 'https://push.example.net/send/this-one', p256dh: 'BNcR', auth: 'tBHI' };
      return Promise.resolve({ ok: true as const, subscription });
    },
    disable: () => {
      browser.subscribed = false;
      return Promise.resolve();
    },
    rememberedDevice: () => remembered,
    rememberDevice: (id: string | null) => {
      remembered = id;
    },
  };
  return browser;
}
const failWith = (problem: Exclude<Awaited<ReturnType<ThisBrowser['enable']>>, { ok: true }>['problem']) => ({ ok: false as const, problem });

/** Renders the whole application at `path`, with its real router and stores, over `backend`. */
export function renderApp({
  path = '/',
  backend = testBackend(),
  demoStaff,
  now,
  browser,
  initial = {},
}: {
  path?: string;
  backend?: Backend;
  /** The clock the inbox reads; the real one unless given. */
  now?: () => Date;
  /** The demo account the sign-in screen offers, as in demo mode. */
  demoStaff?: { email: string; password: string };
  /** This browser, as the alert settings meet it; a fake with no alerts unless given. */
  browser?: ThisBrowser;
  /** What a page our server drew was told, as the browser takes it over (the inbox's first screen). */
  initial?: PageState;
} = {}) {
  const context = createAppContext(loadedBackend(backend, demoStaff ? { demoStaff } : {}), initial, { ...(now ? { now } : {}), browser: browser ?? fakeBrowser() });
  const router = createAppRouter(context, createMemoryHistory({ initialEntries: [path] }));
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user, backend };
}

/** Opens the card of the request from `name` by its Details button, as staff do to see all of it. */
export async function openCard(user: UserEvent, name: string) {
  const details = await screen.findByRole('button', { name: `Details, ${name}` });
  if (details.getAttribute('aria-expanded') === 'false') await user.click(details);
}

/** Opens every folded card in the list, once the list shows at least one. */
export async function openCards(user: UserEvent) {
  await screen.findAllByRole('button', { name: /^Details, / });
  for (const details of screen.queryAllByRole('button', { name: /^Details, /, expanded: false })) await user.click(details);
}
