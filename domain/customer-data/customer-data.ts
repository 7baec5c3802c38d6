import * as v from 'valibot';
import type { NotificationKind } from '../ports/notification-outbox';
import type { InboxQuote } from '../inbox/inbox-quote';
import { isPhoneNumber, phoneNumberKey } from '../quote/phone';
import { quoteFields } from '../quote/quote';

// A person's data, on request (UK GDPR articles 15 and 17): everything held about one customer, found
// by the email or phone number they gave, to hand over or to erase.

/** Who staff look for: an email, a phone number, or both (a request matching either is theirs). */
export interface CustomerSubject {
  /** Trimmed and lower-cased; matched whatever its case. */
  email: string | null;
  /** As typed; matched as the same number however written (+44 7700 900123 is 07700 900123). */
  phone: string | null;
}

const emailLimit = quoteFields.email.maxLength;
const phoneLimit = quoteFields.phone.maxLength;

// Absent, null and empty all mean "not given".
const optionalText = (label: string, limit: number) =>
  v.nullish(v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(limit, `${label} must be ${limit} characters or fewer`)), '');

const SubjectInputSchema = v.object({
  email: v.pipe(
    optionalText('Email', emailLimit),
    v.check((email) => email === '' || v.is(v.pipe(v.string(), v.email()), email), 'Enter an email address like name@example.co.uk'),
  ),
  phone: v.pipe(
    optionalText('Phone', phoneLimit),
    v.check((phone) => phone === '' || isPhoneNumber(phone), 'Enter a phone number like 07700 900123'),
  ),
});

/** A field of the search, and what is wrong with it. */
export interface SubjectFieldError {
  field: 'email' | 'phone' | 'confirm';
  message: string;
}

const noSubjectMessage = 'Enter the customer’s email address or phone number';

/** An email and phone number as staff typed them (or an API was sent them): checked, each error naming its field. */
export function parseCustomerSubject(input: unknown): { ok: true; subject: CustomerSubject } | { ok: false; fields: SubjectFieldError[] } {
  const parsed = v.safeParse(SubjectInputSchema, input ?? {});
  if (!parsed.success) {
    const fields = parsed.issues.map((issue): SubjectFieldError => ({
      field: issue.path?.[0]?.key === 'phone' ? 'phone' : 'email',
      message: issue.message,
    }));
    return { ok: false, fields };
  }
  const { email, phone } = parsed.output;
  if (email === '' && phone === '') return { ok: false, fields: [{ field: 'email', message: noSubjectMessage }] };
  return { ok: true, subject: { email: email === '' ? null : email.toLowerCase(), phone: phone === '' ? null : phone } };
}

/** Whether a stored request is the subject's: its email the same but for case, or its phone the same number. */
export function matchesSubject(quote: Pick<InboxQuote, 'email' | 'phone'>, subject: CustomerSubject): boolean {
  if (subject.email !== null && quote.email !== null && quote.email.trim().toLowerCase() === subject.email) return true;
  return subject.phone !== null && phoneNumberKey(quote.phone) === phoneNumberKey(subject.phone);
}

/**
 * Words the inbox's search finds every request of the subject's by, and perhaps a few more that
 * {@link matchesSubject} then leaves out: the email, and the phone number's digits after the country
 * code (7700900123 is in the search text of 07700 900123, +44 7700 900123 and 0044 7700 900123 alike).
 */
export function subjectSearchWords(subject: CustomerSubject): string[] {
  const words: string[] = [];
  if (subject.email !== null) words.push(subject.email);
  if (subject.phone !== null) {
    const key = phoneNumberKey(subject.phone);
    words.push(key.startsWith('44') ? key.slice(2) : key);
  }
  return words;
}

/** Whether what staff typed to confirm an erasure is the subject's email (any case) or phone number (any form). */
export function confirmsSubject(subject: CustomerSubject, confirmation: string): boolean {
  const typed = confirmation.trim();
  if (typed === '') return false;
  if (subject.email !== null && typed.toLowerCase() === subject.email) return true;
  return subject.phone !== null && isPhoneNumber(typed) && phoneNumberKey(typed) === phoneNumberKey(subject.phone);
}

/** Which email about a request it was: to the business, or to the customer (their confirmation, a review ask or its reminder). */
type SentEmailKind = NotificationKind;

/** One email our systems sent (or still mean to send) about one of the subject's requests. */
export interface SentEmail {
  quoteId: string;
  kind: SentEmailKind;
  /** The customer's address, or the business's own inbox. */
  to: string;
  /** When it was handed over for delivery; null while it still waits. */
  sentAt: Date | null;
  /** How often sending was tried; null where the store does not count (the demo). */
  attempts: number | null;
  lastError: string | null;
}

/** What the business's own notification goes to, as an export names it. */
export const businessInbox = 'the business inbox';

/** Everything held about one customer: their requests (each with its whole log and its alerts) and the emails about them. */
export interface CustomerData {
  /** Newest first. */
  requests: readonly InboxQuote[];
  emails: readonly SentEmail[];
}

/** How many of each thing an erasure removed. */
export interface ErasedCustomerData {
  requests: number;
  /** The steps of their lives: moves, notes, messages, calls, reviews, every kind. */
  steps: number;
  /** The records of emails sent or waiting to be sent. */
  emails: number;
  /** The records of alerts sent to staff about the requests: steps, deliveries, "I'm on it" tokens. */
  alerts: number;
}

export const nothingErased: Readonly<ErasedCustomerData> = { requests: 0, steps: 0, emails: 0, alerts: 0 };

/** The line every view of a customer's data carries: what we cannot erase. */
export const sentEmailsNotice =
  'Emails already sent are outside our systems: they sit in the business’s and the customer’s mailboxes. Delete them there.';

const counted = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** An erasure's counts as staff read them: "Erased 2 requests, 9 history entries, 2 email records and 0 alert records." */
export function describeErased(erased: ErasedCustomerData): string {
  if (erased.requests === 0) return 'Nothing was erased: no request matches.';
  const parts = [
    counted(erased.requests, 'request', 'requests'),
    counted(erased.steps, 'history entry', 'history entries'),
    counted(erased.emails, 'email record', 'email records'),
    counted(erased.alerts, 'alert record', 'alert records'),
  ];
  return `Erased ${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}.`;
}

/** The emails a store without an outbox knows of: each request's business email, as the inbox shows it. */
export function businessEmailsOf(requests: readonly InboxQuote[]): SentEmail[] {
  return requests.flatMap((quote) =>
    quote.businessEmail === undefined
      ? []
      : [{ quoteId: quote.id, kind: 'business' as const, to: businessInbox, sentAt: quote.businessEmail.sentAt, attempts: null, lastError: quote.businessEmail.lastError }],
  );
}
