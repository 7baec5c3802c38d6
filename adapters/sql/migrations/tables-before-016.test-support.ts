// Test-only: the tables 016 moved into the log, for the tests of the migrations before it.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import type { Database } from '../database';
import { type Migrations, migrations } from '../migrate';

/** The tables a request's steps were kept in until 016, as 004, 011 and 013 made them. */
interface TablesBefore016 {
  quote_status_changes: {
    /** Numbered in insertion order: the tie-breaker among changes made at the same time. */
    id: Generated<number>;
    quote_id: string;
    from_status: string;
    to_status: string;
    changed_by: string;
    changed_at: ColumnType<Date | string, string, string>;
    won_pence: ColumnType<number | null, number | null | undefined, never>;
    lost_reason: ColumnType<string | null, string | null | undefined, never>;
  };
  quote_notes: {
    id: string;
    /** Insertion order, the tie-breaker among notes written at the same time. */
    seq: Generated<number>;
    quote_id: string;
    text: string;
    /** A staff member's email, or 'customer' for the customer's message. */
    written_by: string;
    written_at: ColumnType<Date | string, string, string>;
  };
  quote_call_attempts: {
    seq: Generated<number>;
    quote_id: string;
    attempted_by: string;
    attempted_at: ColumnType<Date | string, string, string>;
  };
}

/** A database migrated short of 016, with the tables it had then. */
export const withTablesBefore016 = (db: Kysely<Database>): Kysely<Database & TablesBefore016> =>
  // Mapped, as Kysely wants a type with an index signature, which an interface is not.
  db.$extendTables<{ [Table in keyof TablesBefore016]: TablesBefore016[Table] }>();

/** This version's migrations named before `name`: to migrate a database as far as the release before it went. */
export const migrationsBefore = (name: string): Migrations => Object.fromEntries(Object.entries(migrations).filter(([known]) => known < name));

const ms = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** What the card read of a request's life, times as milliseconds: from the three tables before 016, from its log after. */
export interface LifeRead {
  history: { from: string; to: string; by: string; at: number | null; wonPence?: number; lostReason?: string }[];
  notes: { id: string; text: string; by: string; at: number | null }[];
  callAttempts: { by: string; at: number | null }[];
  taken: { by: string; at: number | null } | null;
  spam: { cleared: { by: string; at: number | null } | null } | null;
  review: { askedAt: number | null; remindedAt: number | null; openedAt: number | null } | null;
}

/** A request's life as the release before 016 read it, with its own queries: history and calls oldest first, notes newest first. */
export async function lifeBefore016(db: Kysely<Database>, id: string): Promise<LifeRead> {
  const old = withTablesBefore016(db);
  const row = await db
    .selectFrom('quote_requests')
    .select(['taken_by', 'taken_at', 'spam_score', 'spam_cleared_by', 'spam_cleared_at', 'review_asked_at', 'review_reminded_at', 'review_opened_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const changes = await old.selectFrom('quote_status_changes').selectAll().where('quote_id', '=', id).orderBy('changed_at').orderBy('id').execute();
  const notes = await old.selectFrom('quote_notes').selectAll().where('quote_id', '=', id).orderBy('written_at', 'desc').orderBy('seq', 'desc').execute();
  const calls = await old.selectFrom('quote_call_attempts').selectAll().where('quote_id', '=', id).orderBy('attempted_at').orderBy('seq').execute();
  const review = { askedAt: ms(row.review_asked_at), remindedAt: ms(row.review_reminded_at), openedAt: ms(row.review_opened_at) };
  return {
    history: changes.map((change) => ({
      from: change.from_status,
      to: change.to_status,
      by: change.changed_by,
      at: ms(change.changed_at),
      ...(change.won_pence !== null && { wonPence: change.won_pence }),
      ...(change.lost_reason !== null && { lostReason: change.lost_reason }),
    })),
    notes: notes.map((note) => ({ id: note.id, text: note.text, by: note.written_by, at: ms(note.written_at) })),
    callAttempts: calls.map((call) => ({ by: call.attempted_by, at: ms(call.attempted_at) })),
    taken: row.taken_by === null ? null : { by: row.taken_by, at: ms(row.taken_at) },
    spam: row.spam_score === null ? null : { cleared: row.spam_cleared_by === null ? null : { by: row.spam_cleared_by, at: ms(row.spam_cleared_at) } },
    review: (review.askedAt ?? review.openedAt) === null ? null : review,
  };
}

/** The same of a request as this version's inbox shows it, folded from its log. */
export function lifeRead(quote: InboxQuote): LifeRead {
  const stamp = ({ by, at }: { by: string; at: Date }) => ({ by, at: at.getTime() });
  return {
    history: quote.history.map((change) => ({ ...change, at: change.at.getTime() })),
    notes: quote.notes.map((note) => ({ ...note, at: note.at.getTime() })),
    callAttempts: quote.callAttempts.map(stamp),
    taken: quote.taken && stamp(quote.taken),
    spam: quote.spam && { cleared: quote.spam.cleared && stamp(quote.spam.cleared) },
    review: quote.review ? { askedAt: ms(quote.review.askedAt), remindedAt: ms(quote.review.remindedAt), openedAt: ms(quote.review.openedAt) } : null,
  };
}
