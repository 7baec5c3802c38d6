import type { Kysely } from 'kysely';
import { type OnCallShift, type Weekday, weekdays } from '../../domain/alerts/on-call';
import type { OnCallRotaStore } from '../../domain/ports/alert-stores';
import type { Database } from './database';

/**
 * The weekly on-call rota in SQLite or PostgreSQL (migrated with `migrateToLatest`): one list for the
 * whole business, its shifts in the order staff saved them. It names staff by email and outlives their
 * accounts: the domain's onCallAt passes over a shift whose person has gone.
 */
export class SqlOnCallRota implements OnCallRotaStore {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async readRota(): Promise<OnCallShift[]> {
    const rows = await this.#db.selectFrom('on_call_shifts').select(['position', 'staff_email', 'day', 'start_time', 'end_time']).orderBy('position').execute();
    return rows.map((row) => ({ staff: row.staff_email, day: parseWeekday(row.position, row.day), start: row.start_time, end: row.end_time }));
  }

  /** Replaces the whole rota in one transaction: a shift the database refuses (a day or time out of form) leaves the old rota whole. */
  async saveRota(shifts: readonly OnCallShift[]): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.deleteFrom('on_call_shifts').execute();
      if (shifts.length === 0) return;
      await tx
        .insertInto('on_call_shifts')
        .values(shifts.map(({ staff, day, start, end }, position) => ({ position, staff_email: staff, day, start_time: start, end_time: end })))
        .execute();
    });
  }
}

function parseWeekday(position: number, day: string): Weekday {
  const parsed = weekdays.find((known) => known === day);
  if (parsed === undefined) throw new Error(`Stored shift ${position} of the rota has an unknown day`);
  return parsed;
}
