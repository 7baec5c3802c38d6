import { type CustomerReminder, customerReminderOf } from '../reminders/service-reminder';
import { customerAuthor } from '../activity/actor';
import { customerNoticesOf } from '../activity/customer-notices';
import { writtenText } from '../quote/field-description';
import type { InboxQuote } from '../inbox/inbox-quote';
import { londonClock, londonDay } from '../london-time';
import { type NewQuote, quoteFieldList } from '../quote/quote';
import type { QuoteStatus } from '../inbox/quote-status';
import { promiseDueAt } from '../inbox/promise';
import { type CustomerQuote, customerQuotesOf } from '../priced-quote/customer-quote-view';

// Every customer gets a private link to their own request: /r/<token>. The token is random (at least
// 128 bits), given once to whoever sent the request, and kept by the stores only as its hash; the
// page shows nothing the customer did not give us, and where the request stands in their words.

/** The path a customer link starts with. */
export const customerLinkPrefix = '/r/';

/** Where the API answers about a customer link: /api/r/<token> (JSON for the page's script, and a done job's review links). */
export const customerLinkApiPath = '/api/r';

/** A token as it is made: 32 random bytes (256 bits) in base64url, 43 characters. */
export const customerTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string could be a customer token at all: anything else is not looked up. */
export const isCustomerTokenShaped = (token: string): boolean => customerTokenPattern.test(token);

/** The link's path for a token. */
export const customerLinkPath = (token: string): string => `${customerLinkPrefix}${token}`;


/** Days a link keeps working after its request is closed (done or lost). */
const customerLinkDaysAfterClose = 30;

/** Where a request stands, as the customer reads it. */
export const customerStatusLabels: Readonly<Record<QuoteStatus, string>> = {
  new: 'Received',
  contacted: 'We have called you',
  quoted: 'Quote sent',
  won: 'Booked',
  done: 'Done',
  lost: 'Closed',
};

/** The statuses a customer can follow on their customer link, in order; "Closed" stands apart. */
export const customerSteps: readonly QuoteStatus[] = ['new', 'contacted', 'quoted', 'won', 'done'];

/**
 * Statuses from which the request is over: the job done, or lost. The link then lasts {@link
 * customerLinkDaysAfterClose} more days. A job booked (won) is still under way: its customer can still
 * write, and call it off.
 */
export const closedStatuses: readonly QuoteStatus[] = ['done', 'lost'];

/** What the customer says when they close it ("No longer needed"), kept as the reason. */
export const noLongerNeededReason = 'No longer needed';

/** The most characters of one message from the customer. */
export const customerMessageMaxLength = 1000;

/** A message as the customer types it: trimmed, not empty, plain text with lines. */
export const CustomerMessageSchema = writtenText('Message', customerMessageMaxLength, 'Write your message before sending it');

/** The field of the message form, for its label and errors. */
export const customerMessageField = { name: 'message', label: 'Add a message' } as const;

/**
 * What the customer link shows: the fields they gave, where it stands, the promise while it waits,
 * and the messages they sent; never staff's notes, names or anything else we hold.
 */
export interface CustomerLinkView {
  quote: NewQuote & { createdAt: Date };
  status: QuoteStatus;
  /** When we aim to call, while the request waits for its first call; null after. */
  callBy: Date | null;
  /** While it waits, the last time we rang and nobody picked up; null when we have not. */
  triedAt: Date | null;
  /** The messages they sent through the link, oldest first. */
  messages: readonly { text: string; at: Date }[];
  /** What the log has to tell them besides (activity-copy.ts's customer notices), oldest first. */
  notices: readonly string[];
  /** Their yearly reminder: when the next visit is due, or whether one is offered (once the job is done). */
  reminder: CustomerReminder;
  /** The priced quotes they were sent, newest first: the one to answer, then those it replaced. */
  quotes: readonly CustomerQuote[];
  /** Whether they asked for an urgent repair: the right to cancel does not cover that visit. */
  urgent: boolean;
}

/** When the status last became what it is, or when the request arrived. */
function statusSince(quote: Pick<InboxQuote, 'createdAt' | 'history' | 'status'>): Date {
  return quote.history.findLast((change) => change.to === quote.status)?.at ?? quote.createdAt;
}

/** Whether a request's link still works at `now`: until 30 days after it was closed. */
export function customerLinkLive(quote: Pick<InboxQuote, 'createdAt' | 'history' | 'status'>, now: Date): boolean {
  if (!closedStatuses.includes(quote.status)) return true;
  return now.getTime() < statusSince(quote).getTime() + customerLinkDaysAfterClose * 24 * 60 * 60 * 1000;
}

/** The customer link of a request, from what staff see of it; undefined once the link has expired. */
export function customerLinkViewOf(quote: InboxQuote, now: Date): CustomerLinkView | undefined {
  if (!customerLinkLive(quote, now)) return undefined;
  // Only the form's fields: nothing staff added, and nothing of how it was judged.
  const fields = Object.fromEntries(quoteFieldList.map((field) => [field, quote[field]])) as NewQuote;
  const waiting = quote.status === 'new';
  const triedAt = waiting ? (quote.callAttempts.at(-1)?.at ?? null) : null;
  return {
    quote: { ...fields, createdAt: quote.createdAt },
    status: quote.status,
    // Once we have rung, the page says when instead: the promise was kept, though nobody answered.
    callBy: waiting && triedAt === null ? promiseDueAt(quote) : null,
    triedAt,
    messages: quote.notes
      .filter((note) => note.by === customerAuthor)
      .map(({ text, at }) => ({ text, at }))
      .reverse(),
    notices: customerNoticesOf(quote.activity),
    reminder: customerReminderOf(quote.activity, quote.status, quote.email),
    quotes: customerQuotesOf(quote.activity, now),
    urgent: quote.urgent,
  };
}

/** "16:10" on `now`'s day, else "09:10 on 25/11/2026": a time the customer reads, in London. */
function londonTimeFrom(date: Date, now: Date): string {
  const time = londonClock(date);
  if (londonDay(date) === londonDay(now)) return time;
  const [year, month, day] = londonDay(date).split('-');
  return `${time} on ${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

/** "We aim to call you by 16:10", with the day when it is not today: "by 09:10 on 25/11/2026". */
export function describeCallBy(callBy: Date, now: Date): string {
  return `We aim to call you by ${londonTimeFrom(callBy, now)}`;
}

/** "We tried to call you at 14:02", with the day when it was not today: "at 09:10 on 25/11/2026". */
export function describeTriedAt(triedAt: Date, now: Date): string {
  return `We tried to call you at ${londonTimeFrom(triedAt, now)}`;
}

const customerTokenBytes = 32;

/**
 * A new token: 32 random bytes (256 bits) in base64url, from the platform's Web Crypto, which the
 * browser, Node and Deno share, so every store that makes links makes them alike.
 */
export function newCustomerToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(customerTokenBytes));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The hex SHA-256 of a token: all a store keeps of it, so a copy of the store opens no link. */
export async function customerTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
