import { FunctionsHttpError } from '@supabase/supabase-js';
import * as v from 'valibot';
import { cursorAfter, type InboxCursor, type InboxPage, type InboxQuery, orderOf, searchWords } from '../../domain/inbox/inbox-query';
import type { QuoteNote } from '../../domain/inbox/inbox-quote';
import type { ClearSpamOutcome, ClockRecord, NoStamp, NoteToAdd, ResendOutcome, SelfStampingQuoteInbox, SpamClearing, StatusChangeOutcome, StatusMove, TakeOutcome, TakeRequest } from '../../domain/ports/quote-inbox';
import { NotSignedIn } from '../../domain/staff/staff';
import {
  AddedNoteAnswerSchema,
  ClearSpamAnswerSchema,
  ClockRecordsAnswerSchema,
  InboxPageAnswerSchema,
  ResendAnswerSchema,
  StatusChangeAnswerSchema,
  TakeAnswerSchema,
} from './supabase-inbox-answers';
import type { InboxPageArgs, SupabaseDatabaseClient } from './supabase-database';
import { describeFunctionFailure, type DatabaseAnswer } from './supabase-failure';
import { SupabaseNotifier } from './supabase-notifier';
import { summaryOf } from './supabase-quote-row';
import { requireSession, staffCallFailure } from './supabase-staff-call';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notificationFunction = 'send-quote-notification';

/**
 * The staff inbox over a Supabase project: every call is a function of the project's database
 * (inbox-functions-sql.ts, in the newest rules migration) or the notification function, run
 * with the signed-in user's token. Row-level security and the functions' own checks decide what
 * staff may do; anyone else reads nothing and changes nothing.
 *
 * Who and when are the database's: the status history and notes record the JWT's email and the
 * database's now(), and it stamps `respondedAt` on the first call back and who took a request on.
 * So this inbox is a SelfStampingQuoteInbox: changeStatus, take, addNote and resendBusinessEmail are
 * told neither.
 */
export class SupabaseQuoteInbox implements SelfStampingQuoteInbox {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  async findPage({ query, after, limit, now }: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date }): Promise<InboxPage> {
    const action = 'Reading the quote requests';
    await requireSession(this.#client, action);
    const order = orderOf(query.view);
    // A cursor of the other order cannot continue this one: the page starts at the top.
    const cursor = after?.order === order ? after : null;
    const asOf = cursor?.order === 'waiting' ? cursor.asOf : now;
    const answer = await this.#client.rpc('inbox_page', pageArgs(query, cursor, asOf, limit));
    if (answer.error) throw staffCallFailure(action, answer);
    const page = parsed(action, InboxPageAnswerSchema, answer.data);
    const quotes = page.quotes.slice(0, limit);
    const last = quotes.at(-1);
    const next = page.quotes.length > limit && last !== undefined ? cursorAfter(last, order, asOf) : null;
    return { quotes, total: page.total, next };
  }

  /** Through public.change_quote_status, which checks the move, stamps who and when, and appends the history at once. */
  async changeStatus({ id, from, to }: StatusMove<NoStamp>): Promise<StatusChangeOutcome> {
    const action = 'Changing the status of the quote request';
    await requireSession(this.#client, action);
    if (!uuid.test(id)) return { outcome: 'not-found' };
    const answer = await this.#client.rpc('change_quote_status', { quote_id: id, from_status: from, to_status: to });
    if (answer.error) throw staffCallFailure(action, answer);
    const outcome = parsed(action, StatusChangeAnswerSchema, answer.data);
    if (outcome.outcome === 'not-allowed') throw new Error(`${action} failed: the database does not allow a move from ${from} to ${to}`);
    return outcome;
  }

  /**
   * Through public.take_quote, which takes a waiting, untaken request for the caller (their JWT's
   * email, the database's now()) or says who had it first.
   */
  async take({ id }: TakeRequest<NoStamp>): Promise<TakeOutcome> {
    const action = 'Taking the quote request';
    await requireSession(this.#client, action);
    if (!uuid.test(id)) return { outcome: 'not-found' };
    const answer = await this.#client.rpc('take_quote', { quote_id: id });
    if (answer.error) throw staffCallFailure(action, answer);
    return parsed(action, TakeAnswerSchema, answer.data);
  }

  /** Through public.add_quote_note, as the signed-in user, now. */
  async addNote({ quoteId, text }: NoteToAdd<NoStamp>): Promise<QuoteNote | undefined> {
    const action = 'Adding the note';
    await requireSession(this.#client, action);
    if (!uuid.test(quoteId)) return undefined;
    const answer = await this.#client.rpc('add_quote_note', { quote_id: quoteId, note_text: text });
    // 23503: the request was deleted between the function's check and its insert.
    if (answer.error && codeOf(answer) === '23503') return undefined;
    if (answer.error) throw staffCallFailure(action, answer);
    return parsed(action, AddedNoteAnswerSchema, answer.data) ?? undefined;
  }

  /**
   * "Not spam", through public.clear_spam, which moves the request to Waiting as the caller, now, and
   * dates it now. There is no outbox in this mode, so this page then asks the email and alert functions
   * about it as the visitor's page does for a new request. Their failure does not undo the move: the
   * inbox flags an email that never went (staff resend it), and the escalation job sends the alert.
   */
  async clearSpam({ id }: SpamClearing<NoStamp>): Promise<ClearSpamOutcome> {
    const action = 'Moving the quote request out of spam';
    await requireSession(this.#client, action);
    if (!uuid.test(id)) return { outcome: 'not-found' };
    const answer = await this.#client.rpc('clear_spam', { quote_id: id });
    if (answer.error) throw staffCallFailure(action, answer);
    const outcome = parsed(action, ClearSpamAnswerSchema, answer.data);
    if (outcome.outcome === 'cleared') await new SupabaseNotifier({ client: this.#client }).quoteSubmitted(outcome.quote).catch(() => undefined);
    return outcome;
  }

  async clockRecords(since: Date): Promise<readonly ClockRecord[]> {
    const action = 'Reading the response times';
    await requireSession(this.#client, action);
    const answer = await this.#client.rpc('clock_records', { since: since.toISOString() });
    if (answer.error) throw staffCallFailure(action, answer);
    return parsed(action, ClockRecordsAnswerSchema, answer.data);
  }

  /**
   * Asks the send-quote-notification function to send the email again, with the user's token: it
   * checks they are staff, sends the stored request at once and records how it went. 'queued' means
   * sent; a send that fails rejects (the function answers 502, and the row keeps the error).
   */
  async resendBusinessEmail(id: string): Promise<ResendOutcome> {
    const action = 'Resending the business email';
    await requireSession(this.#client, action);
    if (!uuid.test(id)) return 'not-found';
    const answer = await this.#client.functions.invoke(notificationFunction, { body: { resend: id } });
    // supabase-js types the error as any; it is one of its Functions*Error classes, or null.
    const error: unknown = answer.error;
    if (error instanceof FunctionsHttpError && error.context instanceof Response && [401, 403].includes(error.context.status)) {
      throw new NotSignedIn();
    }
    if (error !== null) throw await describeFunctionFailure(action, error);
    return parsed(action, ResendAnswerSchema, answer.data).outcome;
  }
}

function pageArgs(query: InboxQuery, cursor: InboxCursor | null, asOf: Date, limit: number): InboxPageArgs {
  return {
    view: query.view,
    as_of: asOf.toISOString(),
    // One more than the page, to know whether another follows.
    row_limit: limit + 1,
    words: searchWords(query.search),
    service_type: query.serviceType,
    urgent: query.urgent,
    area: query.area,
    received_from: query.from?.toISOString() ?? null,
    received_to: query.to?.toISOString() ?? null,
    after_overdue_urgent: cursor?.order === 'waiting' ? cursor.overdueUrgent : null,
    after_due_at: cursor?.order === 'waiting' ? cursor.dueAt.toISOString() : null,
    after_created_at: cursor?.order === 'newest' ? cursor.createdAt.toISOString() : null,
    after_id: cursor?.id ?? null,
  };
}

function parsed<TSchema extends v.GenericSchema>(action: string, schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new Error(`${action} failed: the answer is not what the database sends (${summaryOf(result.issues)})`);
  return result.output;
}

const codeOf = ({ error }: DatabaseAnswer): unknown => (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined);
