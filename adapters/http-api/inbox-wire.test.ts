import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { summariseInbox } from '../../domain/inbox/inbox-summary';
import { toNamedFields } from '../../domain/quote/quote';
import { inboxQuoteArb, inboxTimeArb } from '../../fixtures/inbox-arbitraries.test-support';
import { sampleInboxQuote, sampleRequest } from '../../fixtures/sample-request.test-support';
import {
  fromWireClockRecords,
  fromWireInboxQuote,
  toWireClockRecords,
  toWireInboxQuote,
  toWireInboxSummary,
  WireClockRecordsSchema,
  WireInboxQuoteSchema,
  WireInboxSummarySchema,
} from './inbox-wire';

/** Through JSON and the schema, as the browser reads what the server wrote. */
const overTheWire = <T>(schema: v.GenericSchema<unknown, T>, value: unknown): T => v.parse(schema, JSON.parse(JSON.stringify(value)));

test('a request in the inbox comes back from the wire as it was, status, history, notes and email included', () => {
  fc.assert(
    fc.property(inboxQuoteArb, (quote) => {
      expect(fromWireInboxQuote(overTheWire(WireInboxQuoteSchema, toWireInboxQuote(quote)))).toEqual(quote);
    }),
  );
});

test('the wire is snake_case with ISO times; a request without email state has no business_email', () => {
  const quote = sampleRequest({ id: 'q-1', createdAt: new Date('2026-11-20T09:00:00Z'), serviceType: 'general' });
  const wire = toWireInboxQuote({
    ...quote,
    taken: null,
    alerts: [],
    status: 'contacted',
    respondedAt: new Date('2026-11-20T09:20:00Z'),
    history: [{ from: 'new', to: 'contacted', by: 'staff@example.co.uk', at: new Date('2026-11-20T09:20:00Z') }],
    notes: [],
    photos: [{ id: 'p-1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 }],
    spam: {
      score: 10,
      reasons: [{ signal: 'honeypot', weight: 10 }],
      sentAt: new Date('2026-11-19T22:00:00Z'),
      cleared: { by: 'staff@example.co.uk', at: new Date('2026-11-20T09:00:00Z') },
    },
  });
  expect(wire).toEqual({
    ...toNamedFields(quote),
    id: 'q-1',
    created_at: '2026-11-20T09:00:00.000Z',
    service_type: 'general',
    status: 'contacted',
    responded_at: '2026-11-20T09:20:00.000Z',
    history: [{ from: 'new', to: 'contacted', by: 'staff@example.co.uk', at: '2026-11-20T09:20:00.000Z' }],
    notes: [],
    taken: null,
    alerts: [],
    photos: [{ id: 'p-1', width: 2048, height: 1536, thumbnail_width: 320, thumbnail_height: 240 }],
    spam: {
      score: 10,
      reasons: [{ signal: 'honeypot', weight: 10 }],
      sent_at: '2026-11-19T22:00:00.000Z',
      cleared: { by: 'staff@example.co.uk', at: '2026-11-20T09:00:00.000Z' },
    },
  });
});

test('a photo with a size that is no size does not pass the wire', () => {
  const wire = toWireInboxQuote(sampleInboxQuote({ photos: [{ id: 'p-1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 }] }));
  expect(v.is(WireInboxQuoteSchema, wire)).toBe(true);
  const [photo] = wire.photos;
  expect(v.is(WireInboxQuoteSchema, { ...wire, photos: [{ ...photo, thumbnail_width: 0 }] })).toBe(false);
  expect(v.is(WireInboxQuoteSchema, { ...wire, photos: [{ ...photo, id: '' }] })).toBe(false);
  expect(v.is(WireInboxQuoteSchema, { ...wire, photos: undefined })).toBe(false);
});

const recordArb = fc.record({ createdAt: inboxTimeArb(), urgent: fc.boolean(), respondedAt: fc.option(inboxTimeArb(), { nil: null }) });

test('clock records come back from the wire as they were, and a summary of them passes its schema', () => {
  fc.assert(
    fc.property(fc.array(recordArb, { maxLength: 20 }), inboxTimeArb(), (records, now) => {
      expect(fromWireClockRecords(overTheWire(WireClockRecordsSchema, toWireClockRecords(records)))).toEqual(records);
      expect(v.is(WireInboxSummarySchema, toWireInboxSummary(summariseInbox(records, now)))).toBe(true);
    }),
  );
});
