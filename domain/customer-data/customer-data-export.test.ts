import { expect, test } from 'vitest';
import { sentEmailsNotice, type CustomerData } from './customer-data';
import { customerDataColumns, customerDataCsv, customerDataDocument, parseCustomerDataDocument } from './customer-data-export';
import { utf8Bom } from '../inbox/csv';
import { customerAuthor, systemAuthor } from '../activity/actor';
import { describeActivity } from '../activity/activity-copy';
import { sampleInboxQuote, sampleRequest } from '../../fixtures/sample-request.test-support';

const at = new Date('2024-05-01T09:00:00.000Z');
const data: CustomerData = {
  requests: [
    sampleInboxQuote({
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
    }),
  ],
  emails: [{ quoteId: 'q1', kind: 'customer', to: 'priya.raman@example.co.uk', sentAt: at, attempts: 1, lastError: null }],
};

test('the JSON document holds every field and reads back to the same data', () => {
  const document = customerDataDocument(data, { email: 'priya.raman@example.co.uk', phone: null }, at);
  expect(document.emails_already_sent).toBe(sentEmailsNotice);
  expect(document.requests[0]).toMatchObject({ id: 'q1', name: '=HYPERLINK("x")', service_type: 'bathroom', postcode: 'SE1 7PB', urgent: false, status: 'contacted' });
  expect(document.requests[0]?.activity.map(({ kind, by, at: when }) => [kind, by, when])).toEqual([
    ['spam-cleared', 'sam@se1plumbing.example', '2024-05-01T08:30:00.000Z'],
    ['call-attempted', 'jo@se1plumbing.example', '2024-05-01T08:45:00.000Z'],
    ['taken', 'sam@se1plumbing.example', '2024-05-01T09:00:00.000Z'],
    ['status-moved', 'sam@se1plumbing.example', '2024-05-01T09:00:00.000Z'],
    ['note', 'sam@se1plumbing.example', '2024-05-01T09:00:00.000Z'],
  ]);
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
  // Every step a line, oldest first: when (London time), who, and what the timeline says of it.
  const [request] = data.requests;
  const said = (index: number) => (request?.activity[index] === undefined ? '' : describeActivity(request.activity[index]));
  expect(csv).toContain(
    [
      `2024-05-01 09:30 sam@se1plumbing.example: ${said(0)}`,
      `2024-05-01 09:45 jo@se1plumbing.example: ${said(1)}`,
      `2024-05-01 10:00 sam@se1plumbing.example: ${said(2)}`,
      `2024-05-01 10:00 sam@se1plumbing.example: ${said(3)}`,
      `2024-05-01 10:00 sam@se1plumbing.example: ${said(4)}`,
    ].join('\n'),
  );
  expect(lines.at(-2)).toBe(sentEmailsNotice);
});

test('every kind of step is exported, the customer’s and the system’s named as such, and reads back', () => {
  const closed = sampleInboxQuote({
    id: 'q2',
    status: 'lost',
    respondedAt: at,
    activity: [
      { kind: 'customer-wrote', id: 'a1', text: 'No longer needed', by: customerAuthor, at },
      { kind: 'status-moved', id: 'a2', from: 'new', to: 'lost', by: customerAuthor, at },
      { kind: 'review-asked', id: 'a3', by: systemAuthor, at },
      { kind: 'review-reminded', id: 'a4', by: systemAuthor, at },
      { kind: 'review-opened', id: 'a5', by: customerAuthor, at },
    ],
  });
  const both = { requests: [closed], emails: [] };
  const document = customerDataDocument(both, { email: null, phone: '020 7946 0718' }, at);
  expect(document.requests[0]?.activity.map(({ kind }) => kind)).toEqual(['customer-wrote', 'status-moved', 'review-asked', 'review-reminded', 'review-opened']);
  expect(parseCustomerDataDocument(JSON.parse(JSON.stringify(document)))).toEqual(both);
  const lines = closed.activity.map((entry) => `2024-05-01 10:00 ${entry.by === customerAuthor ? 'Customer' : 'System'}: ${describeActivity(entry)}`);
  expect(customerDataCsv(both)).toContain(lines.join('\n'));
  expect(lines[0]).toBe('2024-05-01 10:00 Customer: Customer wrote: No longer needed');
});
