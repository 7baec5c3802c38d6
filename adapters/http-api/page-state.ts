import * as v from 'valibot';
import { customerTokenPattern } from '../../domain/customer-link/customer-link';
import { coverCheckMaxLength } from '../../domain/quote/cover-check';
import { type QuoteDraft, type QuoteField, quoteFieldList, requiredFields } from '../../domain/quote/quote';
import type { QuoteError } from '../../domain/quote/quote-errors';
import { type GasReport, gasReports } from '../../domain/safety/gas-report-kind';
import type { QuoteAnswerState } from '../../domain/priced-quote/quote-answer';
import type { SignInError } from '../../domain/staff/staff';
import { IsoTimeSchema } from './iso-time';
import { DraftSchema, type WireServiceBooking, WireServiceBookingSchema } from './service-booking-wire';

/**
 * What the server tells a page it renders, for the browser to pick up when it hydrates: the quote
 * form as a plain HTML post left it (every typed value, and what was wrong), or that it was sent.
 */
export interface PageState {
  /** With `gas`, what the description a plain post sent reports, for the form to warn of it as it comes back. */
  form?: { draft: QuoteDraft; error: QuoteError; photos?: PhotoFormState; gas?: GasReport };
  submitted?: boolean;
  /** With `submitted`: the fields whose values earned a word to the visitor (a postcode outside our area). */
  remarks?: QuoteField[];
  /** With `submitted`: a gas smell or carbon monoxide the description reported, for the thanks to repeat the advice. */
  gas?: GasReport;
  /** With `submitted`: the token of the customer's own link to their request (`/r/<token>`). */
  customerToken?: string;
  /** With `submitted`: when the request was received (ISO) and whether urgent, for the thanks to say when we will call. */
  received?: { at: string; urgent: boolean };
  /** The customer link (/r/<token>), and a message sent back with what was wrong with it. */
  customer?: CustomerLinkState;
  /** "Do we cover you?" sent as a plain form: the postcode as typed, which the page answers itself. */
  coverCheck?: { postcode: string };
  /**
   * The inbox's first screen, for a signed-in staff member (see inbox-page-state.ts, which reads it:
   * kept apart so the home page's scripts never carry the inbox's formats).
   */
  inbox?: unknown;
  /** A reminder's "Book my service" (`/?book=<token>`): the quote form filled in for the customer's next visit. */
  booking?: WireServiceBooking;
  /** A staff page our server drew: for whom, or the sign-in form, and what the page reads as it opens. */
  staffPage?: StaffPageState;
}

/**
 * A staff page as our server drew it: the staff member signed in, or null for the sign-in form (with
 * the email a plain post sent and why it was refused); and what the page reads as it opens (the
 * report, the services due), in the API's own format, read by the page itself (staff-page-state.ts).
 */
interface StaffPageState {
  staff: { email: string } | null;
  signIn?: { email: string; error: SignInError };
  reading?: unknown;
}

/** What the server found for a customer link, and the message a plain HTML post could not add (its text kept). */
export interface CustomerLinkState {
  /**
   * What toWireCustomerView made of it, read by the customer's page with customer-link-wire.ts (kept
   * apart, as the inbox's first screen is, so the home page's scripts never carry the customer view's format).
   */
  view: unknown;
  message?: { draft: string; error: string };
  /** Why "Remind me" sent as a plain form was not set. */
  reminderError?: string;
  /** A quote's answer sent as a plain form and not taken: what was chosen, kept, and why (naming the field when one was wrong). */
  quoteAnswer?: QuoteAnswerState;
}


/**
 * What became of the photos a plain HTML post sent with a form that came back: how many were sent
 * (a page cannot keep files, so the visitor chooses them again), and why they were refused, if they
 * were (the message names the field and the file), else null.
 */
interface PhotoFormState {
  sent: number;
  error: string | null;
}

/** The id of the JSON script element that carries the page state. */
export const pageStateElementId = 'page-state';

const FieldSchema = v.picklist(quoteFieldList);
const IssuesSchema = v.array(v.object({ field: FieldSchema, message: v.string() }));
const ErrorSchema = v.variant('kind', [
  v.object({ kind: v.literal('missing-fields'), fields: v.array(v.picklist(requiredFields)), issues: v.exactOptional(IssuesSchema) }),
  v.object({ kind: v.literal('invalid-fields'), issues: IssuesSchema }),
  v.object({ kind: v.literal('storage-failure') }),
  v.object({ kind: v.literal('rate-limited'), retryAfterSeconds: v.number() }),
]);

const PageStateSchema = v.object({
  form: v.exactOptional(
    v.object({
      draft: DraftSchema,
      error: ErrorSchema,
      photos: v.exactOptional(v.object({ sent: v.pipe(v.number(), v.integer(), v.minValue(0)), error: v.nullable(v.string()) })),
      gas: v.exactOptional(v.picklist(gasReports)),
    }),
  ),
  submitted: v.exactOptional(v.boolean()),
  remarks: v.exactOptional(v.array(FieldSchema)),
  gas: v.exactOptional(v.picklist(gasReports)),
  customerToken: v.exactOptional(v.pipe(v.string(), v.regex(customerTokenPattern))),
  received: v.exactOptional(v.object({ at: IsoTimeSchema, urgent: v.boolean() })),
  customer: v.exactOptional(
    v.object({
      view: v.unknown(),
      message: v.exactOptional(v.object({ draft: v.string(), error: v.string() })),
      reminderError: v.exactOptional(v.string()),
      quoteAnswer: v.exactOptional(
        v.object({
          answer: v.picklist(['accept', 'decline']),
          version: v.number(),
          earlyStart: v.boolean(),
          reason: v.string(),
          error: v.string(),
          field: v.exactOptional(v.string()),
        }),
      ),
    }),
  ),
  coverCheck: v.exactOptional(v.object({ postcode: v.pipe(v.string(), v.maxLength(coverCheckMaxLength)) })),
  inbox: v.exactOptional(v.unknown()),
  booking: v.exactOptional(WireServiceBookingSchema),
  staffPage: v.exactOptional(
    v.object({
      staff: v.nullable(v.object({ email: v.string() })),
      signIn: v.exactOptional(
        v.object({
          email: v.string(),
          error: v.variant('kind', [
            v.object({ kind: v.literal('invalid-credentials') }),
            v.object({ kind: v.literal('rate-limited'), retryAfterSeconds: v.number() }),
            v.object({ kind: v.literal('unavailable') }),
            v.object({ kind: v.literal('invalid-fields'), message: v.string() }),
          ]),
        }),
      ),
      reading: v.exactOptional(v.unknown()),
    }),
  ),
});

/** The state as JSON that is safe inside a <script> element. */
export function serialisePageState(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** Reads the state a server put in the page; an absent or unreadable one is an empty state. */
export function parsePageState(json: string | null | undefined): PageState {
  if (!json) return {};
  try {
    const result = v.safeParse(PageStateSchema, JSON.parse(json));
    return result.success ? result.output : {};
  } catch {
    return {};
  }
}
