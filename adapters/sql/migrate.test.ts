import { type Insertable, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import { expect, test } from 'vitest';
import { deliveryErrorMaxLength } from '../../domain/inbox/inbox-quote';
import { searchTextOf } from '../../domain/inbox/inbox-query';
import { quoteFields, toNamedFields } from '../../domain/quote/quote';
import { serviceTypes } from '../../domain/quote/service-type';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { type NotificationsTable, type QuoteRequestsTable } from './database';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';

const quote = sampleQuote();
const validRow: Insertable<QuoteRequestsTable> = {
  id: 'row',
  created_at: '2024-05-01T09:00:00.000Z',
  ...toNamedFields(quote),
  status: 'new',
  responded_at: null,
  due_at: '2024-05-01T11:00:00.000Z',
  search_text: searchTextOf(quote),
};

/** Rows the domain would never let through, and the constraint each one breaks. */
const rowsBreakingLimits: [Partial<Insertable<QuoteRequestsTable>>, string][] = [
  [{ name: 'x'.repeat(quoteFields.name.maxLength + 1) }, 'quote_requests_name_length'],
  [{ name: '' }, 'quote_requests_name_length'],
  [{ email: `${'x'.repeat(quoteFields.email.maxLength)}@x.uk` }, 'quote_requests_email_length'],
  [{ email: '' }, 'quote_requests_email_length'],
  [{ phone: '0'.repeat(quoteFields.phone.maxLength + 1) }, 'quote_requests_phone_length'],
  [{ description: 'x'.repeat(quoteFields.description.maxLength + 1) }, 'quote_requests_description_length'],
  [{ service_type: 'plumbing' }, 'quote_requests_service_type'],
  [{ landing_page: `/${'x'.repeat(quoteFields.landingPage.maxLength)}` }, 'quote_requests_landing_page_length'],
  [{ referrer_host: '' }, 'quote_requests_referrer_host_length'],
  [{ utm_campaign: 'x'.repeat(quoteFields.utmCampaign.maxLength + 1) }, 'quote_requests_utm_campaign_length'],
];

/** Rows at the limits, which the database must accept (length counts characters, not bytes). */
const rowsAtLimits: Partial<Insertable<QuoteRequestsTable>>[] = [
  { name: 'é'.repeat(quoteFields.name.maxLength), email: 'ü'.repeat(quoteFields.email.maxLength) },
  { phone: '0'.repeat(quoteFields.phone.maxLength), description: 'ñ'.repeat(quoteFields.description.maxLength), urgent: true },
  { landing_page: `/${'é'.repeat(quoteFields.landingPage.maxLength - 1)}`, referrer_host: 'a'.repeat(quoteFields.referrerHost.maxLength), utm_source: 'ü'.repeat(quoteFields.utmSource.maxLength), has_gclid: true },
  ...serviceTypes.map((serviceType) => ({ service_type: serviceType })),
];

for (const dialect of sqlDialects) {
  test(`${dialect}: migrating again changes nothing, and the migration table lists each migration once`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      await db.insertInto('quote_requests').values(validRow).execute();
      await migrateToLatest(db);

      const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db);
      expect(rows).toEqual([{ name: '001-create-quote-requests' }, { name: '002-create-staff' }, { name: '003-create-notifications' },
        { name: '004-add-inbox' },
        { name: '005-add-postcode' },
        { name: '006-add-alerts' },
        { name: '007-add-write-probes' },
        { name: '008-add-photos' },
        { name: '009-add-customer-confirmations' },
        { name: '010-add-spam-and-customer-links' },
        { name: '011-add-call-attempts' },
        { name: '012-add-lead-source' }, { name: '013-add-job-outcomes' }, { name: '014-add-report-figures' }, { name: '015-add-done-and-review-emails' }, { name: '016-add-activity-log' }, { name: '017-add-service-reminders' },
        { name: '018-add-quote-emails' },
        { name: '019-add-quote-figures' },
      ]);
      expect(await db.selectFrom('quote_requests').select('id').execute()).toEqual([{ id: validRow.id }]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: CHECK constraints built from the domain's limits reject rows inserted around it`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      for (const [change, constraint] of rowsBreakingLimits) {
        await expect(db.insertInto('quote_requests').values({ ...validRow, ...change }).execute()).rejects.toThrow(constraint);
      }
      for (const [index, change] of rowsAtLimits.entries()) {
        await db.insertInto('quote_requests').values({ ...validRow, ...change, id: `at-limit-${index}` }).execute();
      }
      const { count } = await db.selectFrom('quote_requests').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(rowsAtLimits.length);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}

const validNotification: Insertable<NotificationsTable> = {
  id: 'notification',
  quote_id: validRow.id,
  kind: 'business',
  created_at: '2024-05-01T09:00:00.000Z',
  next_attempt_at: '2024-05-01T09:00:00.000Z',
};

for (const dialect of sqlDialects) {
  test(`${dialect}: notifications belong to a stored request, one of each kind, and go when it goes`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      await db.insertInto('quote_requests').values(validRow).execute();
      const breaking: [Partial<Insertable<NotificationsTable>>, string | RegExp][] = [
        [{ kind: 'staff' }, 'notifications_kind'],
        [{ attempts: -1 }, 'notifications_attempts'],
        [{ last_error: 'x'.repeat(deliveryErrorMaxLength + 1) }, 'notifications_last_error_length'],
        [{ quote_id: 'no-such-request' }, /foreign key/i],
      ];
      for (const [change, constraint] of breaking) {
        await expect(db.insertInto('notifications').values({ ...validNotification, ...change }).execute()).rejects.toThrow(constraint);
      }
      await db.insertInto('notifications').values({ ...validNotification, last_error: 'é'.repeat(deliveryErrorMaxLength) }).execute();
      await db.insertInto('notifications').values({ ...validNotification, id: 'to-customer', kind: 'customer' }).execute();
      await expect(db.insertInto('notifications').values({ ...validNotification, id: 'again' }).execute()).rejects.toThrow(/unique/i);
      const { rows } = await sql<{ attempts: number; sent_at: unknown }>`select attempts, sent_at from notifications`.execute(db);
      expect(rows).toEqual([{ attempts: 0, sent_at: null }, { attempts: 0, sent_at: null }]);

      await db.deleteFrom('quote_requests').execute();
      expect(await db.selectFrom('notifications').select('id').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
