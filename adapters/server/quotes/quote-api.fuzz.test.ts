import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { namedFieldList } from '../../../domain/quote/quote';
import { serviceTypes } from '../../../domain/quote/service-type';
import { WireInboxPageSchema } from '../../http-api/inbox-wire';
import { WireErrorSchema, WireQuoteSchema } from '../../http-api/wire';
import { inboxPage, startTestServer } from '../test-server.test-support';

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('Ada Lovelace', '020 7946 0123', '+44 7700 900123', 'ada@example.co.uk', ...serviceTypes, '', '   '),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ minLength: 90, maxLength: 2100 }),
);
const quoteLike = fc.record(
  { ...Object.fromEntries(namedFieldList.map((name) => [name, fieldValue])), extra: fieldValue },
  { requiredKeys: [] },
);
const body = fc.oneof(
  quoteLike.map((value) => JSON.stringify(value)),
  quoteLike.map((value) => new URLSearchParams(Object.entries(value).map(([key, field]) => [key, String(field)])).toString()),
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.string({ minLength: 17_000, maxLength: 17_100 }),
);
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/xml',
  ),
  fc.stringMatching(/^[a-z]{1,10}\/[a-z+.-]{1,12}$/),
);
const extraHeaders = fc.dictionary(fc.stringMatching(/^x-[a-z]{1,8}$/), fc.stringMatching(/^[\w .;=-]{0,20}$/), { maxKeys: 3 });

test('whatever is sent, the API answers only 201, 303, 400, 413 or 415, and stores exactly what it accepted', async () => {
  const server = await startTestServer('sqlite');
  const accepted: string[] = [];
  try {
    await fc.assert(
      fc.asyncProperty(body, fc.option(contentType, { nil: undefined }), extraHeaders, async (payload, type, headers) => {
        const response = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: payload,
          redirect: 'manual',
          headers: { ...headers, ...(type === undefined ? {} : { 'content-type': type }) },
        });
        expect([201, 303, 400, 413, 415]).toContain(response.status);
        if (response.status === 201) accepted.push(v.parse(WireQuoteSchema, await response.json()).id);
        else await response.arrayBuffer();
      }),
      { numRuns: 150 },
    );
    const { quotes: stored } = await inboxPage(server, { view: 'all', limit: '500' });
    // Form posts that were stored answer 303 with no id; count them through the log instead.
    const redirected = server.logs.filter((entry) => entry.status === 303).length;
    expect(stored.length).toBe(accepted.length + redirected);
    expect(accepted.every((id) => stored.some((quote) => quote.id === id))).toBe(true);
  } finally {
    await server.stop();
  }
}, 60_000);

const paramValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('new', 'all', 'won', 'true', 'false', 'heating', '2024-05-01T09:00:00Z', '2024-13-01', '0', '50', '501', '-1', '1e2', '{}', ''),
  fc.string({ minLength: 101, maxLength: 120 }),
);
const inboxParams = fc.dictionary(
  fc.constantFrom('view', 'search', 'service_type', 'urgent', 'from', 'to', 'after', 'limit', 'other'),
  paramValue,
  { maxKeys: 5 },
);

test('whatever query the inbox is asked, it answers a page (200) or names a parameter (400)', async () => {
  const server = await startTestServer('sqlite');
  try {
    await fc.assert(
      fc.asyncProperty(inboxParams, async (params) => {
        const response = await fetch(`${server.url}/api/quote-requests?${new URLSearchParams(params).toString()}`, {
          headers: { cookie: server.staffCookie },
        });
        expect([200, 400]).toContain(response.status);
        if (response.status === 200) {
          v.parse(WireInboxPageSchema, await response.json());
          return;
        }
        const error = v.parse(WireErrorSchema, await response.json());
        expect(error.error).toBe('invalid-fields');
        expect(error.fields?.length).toBeGreaterThan(0);
        for (const { field } of error.fields ?? []) expect(Object.keys(params)).toContain(field);
      }),
      { numRuns: 200 },
    );
  } finally {
    await server.stop();
  }
}, 60_000);
