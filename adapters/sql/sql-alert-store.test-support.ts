// Test-only: a migrated scratch database with the alert stores over it, and the staff and requests alerts need.
import type { Kysely } from 'kysely';
import type { AlertRecord, AlertStep } from '../../domain/alerts/alert-plan';
import type { NewPushDevice } from '../../domain/ports/push-devices';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import type { Database, SqlDialectName } from './database';
import { migrateToLatest } from './migrate';
import { type ScratchDatabase, scratchDatabase } from './scratch-database.test-support';
import { SqlAlertLedger } from './sql-alert-ledger';
import { SqlAlertOutbox } from './sql-alert-outbox';
import { SqlOnCallRota } from './sql-on-call-rota';
import { SqlPushDeviceStore } from './sql-push-device-store';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';
import { SqlSecretStore } from './sql-secret-store';
import { SqlStaffStore } from './sql-staff-store';
import { recorded } from '../contracts/recorded-step.test-support';

export const sam = 'sam.jones@example.co.uk';
export const jo = 'jo.okafor@example.co.uk';
export const priya = 'priya@example.co.uk';

/** A browser's subscription, told apart by `name`. */
export const subscription = (name: string): NewPushDevice => ({
  endpoint: `https://push.example.net/send/${name}`,
  p256dh: `BPublicKeyOf-${name}`,
  auth: `authOf-${name}`,
  label: `Chrome on ${name}`,
});

/** A step as the planner would record it. */
export const alertRecord = (step: AlertStep, at: Date, recipients: readonly string[], everyone = false): AlertRecord => ({ step, at, recipients, everyone });

/** Every store over one database, with the clock the repository and outbox read. */
export interface AlertStores {
  db: Kysely<Database>;
  scratch: ScratchDatabase;
  clock: ReturnType<typeof manualClock>;
  quotes: SqlQuoteRepository;
  inbox: SqlQuoteInbox;
  staff: SqlStaffStore;
  ledger: SqlAlertLedger;
  outbox: SqlAlertOutbox;
  devices: SqlPushDeviceStore;
  rota: SqlOnCallRota;
  secrets: SqlSecretStore;
}

/** The stores over another connection to the same database: another server. */
export function storesOver(db: Kysely<Database>, clock: ReturnType<typeof manualClock>) {
  return {
    ledger: new SqlAlertLedger(db),
    outbox: new SqlAlertOutbox(db, { now: clock.now, leaseSeconds: 60 }),
    devices: new SqlPushDeviceStore(db),
    secrets: new SqlSecretStore(db),
  };
}

/** Runs `use` on a fresh, migrated database with Sam, Jo and Priya on the staff; drops it however `use` ends. */
export async function withAlertStores(dialect: SqlDialectName, use: (stores: AlertStores) => Promise<void>): Promise<void> {
  const scratch = await scratchDatabase(dialect);
  const db = scratch.open();
  try {
    await migrateToLatest(db);
    const clock = manualClock();
    const staff = new SqlStaffStore(db);
    for (const email of [sam, jo, priya]) await staff.saveAccount(email, 'not-a-real-hash', clock.now());
    await use({
      db,
      scratch,
      clock,
      quotes: new SqlQuoteRepository(db, { now: clock.now }),
      inbox: new SqlQuoteInbox(db),
      staff,
      rota: new SqlOnCallRota(db),
      ...storesOver(db, clock),
    });
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

/** Takes a request on ("I'm on it"), as the inbox does; throws unless it was taken. */
export async function markTaken(db: Kysely<Database>, id: string, by: string, at: Date): Promise<void> {
  await recorded(new SqlQuoteInbox(db), { id, step: { kind: 'taken' }, by, at });
}

/** How many deliveries are queued for each request, by channel. */
export async function deliveriesOf(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom('alert_deliveries')
    .select(['step', 'channel', 'device_id', 'sent_at', 'last_error'])
    .where('quote_id', '=', quoteId)
    .orderBy('step')
    .orderBy('channel')
    .orderBy('device_id')
    .execute();
}
