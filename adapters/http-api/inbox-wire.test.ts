import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { type Activity } from '../../domain/activity/activity';
import { customerAuthor, systemAuthor } from '../../domain/activity/actor';
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

test('a request in the inbox comes back from the wire as it was, its whole log and email included', () => {
  fc.assert(
    fc.property(inboxQuoteArb, (quote) => {
      expect(fromWireInboxQuote(overTheWire(WireInboxQuoteSchema, toWireInboxQuote(quote)))).toEqual(quote);
    }),
  );
});

test('the wire is snake_case with ISO times, the life as its log; a request without email state has no business_email', () => {
  const quote = sampleRequest({ id: 'q-1', createdAt: new Date('2026-11-20T09:00:00Z'), serviceType: 'general' });
  const wire = toWireInboxQuote(
    sampleInboxQuote({
      ...quote,
      status: 'contacted',
      respondedAt: new Date('2026-11-20T09:20:00Z'),
      history: [{ from: 'new', to: 'contacted', by: 'staff@example.co.uk', at: new Date('2026-11-20T09:20:00Z') }],
      photos: [{ id: 'p-1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 }],
      spam: {
        score: 10,
        reasons: [{ signal: 'honeypot', weight: 10 }],
        sentAt: new Date('2026-11-19T22:00:00Z'),
        cleared: { by: 'staff@example.co.uk', at: new Date('2026-11-20T09:00:00Z') },
      },
    }),
  );
  const id = expect.any(String) as unknown;
  expect(wire).toEqual({
    ...toNamedFields(quote),
    id: 'q-1',
    created_at: '2026-11-20T09:00:00.000Z',
    service_type: 'general',
    status: 'contacted',
    responded_at: '2026-11-20T09:20:00.000Z',
    activity: [
      { kind: 'spam-cleared', id, by: 'staff@example.co.uk', at: '2026-11-20T09:00:00.000Z' },
      { kind: 'status-moved', id, from: 'new', to: 'contacted', by: 'staff@example.co.uk', at: '2026-11-20T09:20:00.000Z' },
    ],
    alerts: [],
    photos: [{ id: 'p-1', width: 2048, height: 1536, thumbnail_width: 320, thumbnail_height: 240 }],
    spam: { score: 10, reasons: [{ signal: 'honeypot', weight: 10 }], sent_at: '2026-11-19T22:00:00.000Z' },
  });
});

test('a log of every kind comes back from the wire as it was, folded as before; a kind the domain does not know does not pass', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  const sam = 'sam@example.co.uk';
  const activity: Activity[] = [
    { kind: 'taken', id: 'a1', by: sam, at: at(1) },
    { kind: 'call-attempted', id: 'a2', by: sam, at: at(2) },
    { kind: 'note', id: 'a3', text: 'Rang, no answer', by: sam, at: at(3) },
    { kind: 'customer-wrote', id: 'a4', text: 'Call after six', by: customerAuthor, at: at(4) },
    { kind: 'status-moved', id: 'a5', from: 'new', to: 'contacted', by: sam, at: at(5) },
    { kind: 'status-moved', id: 'a6', from: 'contacted', to: 'won', wonPence: 64_500, by: sam, at: at(6) },
    { kind: 'status-moved', id: 'a7', from: 'won', to: 'done', by: sam, at: at(7) },
    { kind: 'review-asked', id: 'a8', by: systemAuthor, at: at(8) },
    { kind: 'review-reminded', id: 'a9', by: systemAuthor, at: at(9) },
    { kind: 'review-opened', id: 'a10', by: customerAuthor, at: at(10) },
  ];
  const quote = sampleInboxQuote({ status: 'done', respondedAt: at(5), activity });
  expect(quote).toMatchObject({ taken: { by: sam, at: at(1) }, review: { askedAt: at(8), remindedAt: at(9), openedAt: at(10) } });
  const wire = toWireInboxQuote(quote);
  expect(fromWireInboxQuote(overTheWire(WireInboxQuoteSchema, wire))).toEqual(quote);
  expect(v.is(WireInboxQuoteSchema, { ...wire, activity: [{ kind: 'phoned-a-friend', id: 'a11', by: sam, at: at(11).toISOString() }] })).toBe(false);
  expect(v.is(WireInboxQuoteSchema, { ...wire, activity: [{ kind: 'note', id: 'a11', text: 'x', by: sam, at: 'yesterday' }] })).toBe(false);
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
