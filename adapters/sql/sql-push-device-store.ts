import type { Kysely, Selectable } from 'kysely';
import type { NewPushDevice, PushDevice, PushDeviceStore, PushTarget } from '../../domain/ports/push-devices';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { type Database, type PushDevicesTable, sqlDialectOf } from './database';

/** Options for {@link SqlPushDeviceStore}; tests pass their own ids. No clock: saving is told its time. */
export interface SqlPushDeviceStoreOptions {
  newId?: () => string;
}

const deviceColumns = ['id', 'label', 'created_at', 'last_alert_at'] as const;

const targetColumns = ['id', 'staff_email', 'endpoint', 'p256dh', 'auth', 'label'] as const;

/**
 * The devices staff get alerts on, in SQLite or PostgreSQL (migrated with `migrateToLatest`). Each
 * belongs to one staff account, and goes when the account is removed.
 */
export class SqlPushDeviceStore implements PushDeviceStore {
  readonly #db: Kysely<Database>;
  readonly #newId: () => string;
  readonly #postgres: boolean;

  constructor(db: Kysely<Database>, { newId = () => crypto.randomUUID() }: SqlPushDeviceStoreOptions = {}) {
    this.#db = db;
    this.#newId = newId;
    this.#postgres = sqlDialectOf(db) === 'postgres';
  }

  /**
   * Keeps the device for `staff`, who must have an account (rejects otherwise). The same endpoint kept
   * for them already gets the new keys and label; kept for someone else, it becomes a new device of
   * theirs (a new id), and whatever still waited to be pushed to it for the other person goes. A new
   * device beyond {@link maxPushDevicesPerStaff} rejects with PushDeviceRefused, nothing kept.
   */
  async saveDevice(staff: string, { endpoint, p256dh, auth, label }: NewPushDevice, now: Date): Promise<PushDevice> {
    return this.#db.transaction().execute(async (tx) => {
      // One staff member's saves take turns, so two at once cannot both find room for the last device.
      // On SQLite they do already: the server's one connection runs one transaction at a time.
      if (this.#postgres) await tx.selectFrom('staff_accounts').select('email').where('email', '=', staff).forNoKeyUpdate().execute();
      await tx.deleteFrom('push_devices').where('endpoint', '=', endpoint).where('staff_email', '<>', staff).execute();
      const row = await tx
        .insertInto('push_devices')
        .values({ id: this.#newId(), staff_email: staff, endpoint, p256dh, auth, label, created_at: now.toISOString(), last_alert_at: null })
        // Also the owner: another staff member's save of the same endpoint may have come in between.
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet((eb) => ({
            staff_email: eb.ref('excluded.staff_email'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            label: eb.ref('excluded.label'),
          })),
        )
        .returning(deviceColumns)
        .executeTakeFirstOrThrow();
      // Counted with this one in: over the limit, the transaction and all it did are undone.
      const { count } = await tx
        .selectFrom('push_devices')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('staff_email', '=', staff)
        .executeTakeFirstOrThrow();
      if (Number(count) > maxPushDevicesPerStaff) throw new PushDeviceRefused('too-many-devices');
      return rowToDevice(row);
    });
  }

  /** The staff member's devices, oldest first. */
  async listDevices(staff: string): Promise<PushDevice[]> {
    const rows = await this.#db
      .selectFrom('push_devices')
      .select(deviceColumns)
      .where('staff_email', '=', staff)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(rowToDevice);
  }

  /** Removes one of the staff member's devices, and what still waits to be pushed to it: false when they have none with that id. */
  async removeDevice(staff: string, id: string): Promise<boolean> {
    const { numDeletedRows } = await this.#db.deleteFrom('push_devices').where('id', '=', id).where('staff_email', '=', staff).executeTakeFirst();
    return numDeletedRows > 0n;
  }

  /** The staff member's devices with their subscriptions, oldest first. */
  async pushTargets(staff: string): Promise<PushTarget[]> {
    const rows = await this.#db
      .selectFrom('push_devices')
      .select(targetColumns)
      .where('staff_email', '=', staff)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(({ staff_email, ...target }) => ({ ...target, staff: staff_email }));
  }
}

function rowToDevice(row: Pick<Selectable<PushDevicesTable>, (typeof deviceColumns)[number]>): PushDevice {
  return {
    id: row.id,
    label: row.label,
    createdAt: toDate(row.id, row.created_at),
    lastAlertAt: row.last_alert_at === null ? null : toDate(row.id, row.last_alert_at),
  };
}

function toDate(id: string, value: Date | string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Stored push device ${id} has a malformed time`);
  return date;
}
