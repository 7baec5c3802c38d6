import { expect, test } from 'vitest';
import { sentEmailsNotice, type CustomerData } from './customer-data';
import { customerDataColumns, customerDataCsv, customerDataDocument, parseCustomerDataDocument } from './customer-data-export';
import { utf8Bom } from '../inbox/csv';
import { sampleRequest } from '../../fixtures/sample-request.test-support';

const at = new Date('2024-05-01T09:00:00.000Z');
const data: CustomerData = {
  requests: [
    {
      ...sampleRequest({ id: 'q1', name: '=HYPERLINK("x")', description: 'Leak, "bad"\nunder the sink' }),
      status: 'contacted',
      respondedAt: at,
      history: [{ from: 'new', to: 'contacted', by: 'sam@se1plumbing.example', at }],
      notes: [{ id: 'n1', text: 'Rang back', by: 'sam@se1plumbing.example', at }],
      taken: { by: 'sam@se1plumbing.example', at },
      alerts: [{ step: 'new', at, recipients: ['sam@se1plumbing.example'], everyone: true }],
      photos: [{ id: 'p1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 }],
      // Judged spam when sent, and moved to Waiting by staff: both are data held about the customer.
      spam: {
        score: 10,
        reasons: [{ signal: 'too-fast', weight: 10 }],
        sentAt: new Date('2024-05-01T08:00:00.000Z'),
        cleared: { by: 'sam@se1plumbing.example', at: new Date('2024-05-01T08:30:00.000Z') },
      },
      // A call nobody picked up, before the one that was.
      callAttempts: [{ by: 'jo@se1plumbing.example', at: new Date('2024-05-01T08:45:00.000Z') }],
    },
  ],
  emails: [{ quoteId: 'q1', kind: 'customer', to: 'priya.raman@example.co.uk', sentAt: at, attempts: 1, lastError: null }],
};

test('the JSON document holds every field and reads back to the same data', () => {
  const document = customerDataDocument(data, { email: 'priya.raman@example.co.uk', phone: null }, at);
  expect(document.emails_already_sent).toBe(sentEmailsNotice);
  expect(document.requests[0]).toMatchObject({ id: 'q1', name: '=HYPERLINK("x")', service_type: 'bathroom', postcode: 'SE1 7PB', urgent: false, status: 'contacted' });
  expect(document.requests[0]?.call_attempts).toEqual([{ by: 'jo@se1plumbing.example', at: '2024-05-01T08:45:00.000Z' }]);
  expect(parseCustomerDataDocument(JSON.parse(JSON.stringify(document)))).toEqual(data);
  expect(parseCustomerDataDocument({ requests: 'none' })).toBeUndefined();
});

test('the CSV has a row per request, defused against formulas, and the line about sent emails', () => {
  const csv = customerDataCsv(data);
  expect(csv.startsWith(utf8Bom)).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(customerDataColumns.join(','));
  expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  expect(csv).toContain('"Leak, ""bad""\nunder the sink"');
  expect(csv).toContain('To priya.raman@example.co.uk (customer): sent 2024-05-01 10:00');
  expect(csv).toContain(',2024-05-01 09:45 jo@se1plumbing.example,');
  expect(lines.at(-2)).toBe(sentEmailsNotice);
});

test('a store that keeps no calls nobody answered exports none, and reads back without them', () => {
  const [request] = data.requests;
  if (request === undefined) throw new Error('no request');
  const withoutCalls = { ...request };
  delete withoutCalls.callAttempts;
  const document = customerDataDocument({ ...data, requests: [withoutCalls] }, { email: 'priya.raman@example.co.uk', phone: null }, at);
  expect(document.requests[0]).not.toHaveProperty('call_attempts');
  expect(parseCustomerDataDocument(JSON.parse(JSON.stringify(document)))?.requests).toEqual([withoutCalls]);
});
