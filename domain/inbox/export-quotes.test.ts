import { expect, test } from 'vitest';
import { failingQuoteInbox } from '../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { exportColumns, exportQuotes } from './export-quotes';
import { defaultInboxQuery } from './inbox-query';
import type { InboxQuote } from './inbox-quote';
import { NotSignedIn } from '../staff/staff';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';
import { cameFrom } from '../../fixtures/lead-sources';

// 09:00 UTC is 10:00 in London in May (BST).
const now = new Date('2026-05-14T12:00:00Z');
const at = (time: string) => new Date(`2026-05-14T${time}:00Z`);
const all = { ...defaultInboxQuery, view: 'all' as const };
const sam = 'sam.porter@se1plumbing.example';

/** RFC 4180, strictly: every record ends in CRLF, quotes only around a whole field, "" for a quote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char !== '"') field += char;
      else if (text.charAt(i + 1) === '"') field += text.charAt(++i);
      else quoted = false;
    } else if (char === '"' && field === '' && !wasQuoted) {
      quoted = wasQuoted = true;
    } else if (char === ',' || (char === '\r' && text[i + 1] === '\n')) {
      row.push(field);
      field = '';
      wasQuoted = false;
      if (char === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    } else if (char === '"' || char === '\r' || char === '\n' || wasQuoted) {
      throw new Error(`not RFC 4180 at ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))}`);
    } else {
      field += char;
    }
  }
  if (quoted || field !== '' || row.length > 0) throw new Error('the last record does not end in CRLF');
  return rows;
}

const boiler: InboxQuote = {
  ...sampleInboxQuote({
    id: 'boiler',
    createdAt: at('09:00'),
    name: 'Tom Okafor',
    email: 'tom@example.co.uk',
    phone: '020 7946 0381',
    postcode: 'N1 9GU',
    serviceType: 'heating',
    description: 'Combi shows F28, "no" hot water,\nsince this morning.',
    urgent: true,
  }),
  status: 'quoted',
  respondedAt: at('09:12'),
  history: [
    { from: 'new', to: 'contacted', by: sam, at: at('09:12') },
    { from: 'contacted', to: 'quoted', by: sam, at: at('10:00') },
  ],
  notes: [
    { id: 'n2', text: 'Quoted £180.', by: sam, at: at('10:01') },
    { id: 'n1', text: 'Rang back.\nHe is in after 4.', by: sam, at: at('09:13') },
  ],
  photos: [
    { id: 'p1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 },
    { id: 'p2', width: 1536, height: 2048, thumbnailWidth: 240, thumbnailHeight: 320 },
  ],
};

// Whatever a visitor typed, a spreadsheet must not run it.
const attacker: InboxQuote = {
  ...sampleInboxQuote({
    id: 'attacker',
    createdAt: at('08:00'),
    name: '=HYPERLINK("http://evil.example","Click")',
    email: '@SUM(A1:A9)',
    phone: '+44 7700 900123',
    postcode: null,
    serviceType: 'other',
    description: '-5 outside, pipes frozen',
    urgent: false,
    // A referrer no rule of ours would keep, stored all the same: the sheet must not run it either.
    ...cameFrom('direct'),
    referrerHost: '=cmd|calc',
  }),
  status: 'new',
  respondedAt: null,
  history: [],
  notes: [],
};

test('a UTF-8 CSV with a byte order mark, CRLF line ends, the header, and a row per request in the view order', async () => {
  const { logger, errors } = recordingLogger();
  const result = await exportQuotes({ inbox: new InMemoryQuoteRepository({ seed: [attacker, boiler] }), logger }, all, now);
  if (!result.ok) throw new Error(result.error.kind);

  expect(result.csv.startsWith('\uFEFF')).toBe(true);
  expect(result.count).toBe(2);
  const rows = parseCsv(result.csv.slice(1));
  expect(rows[0]).toEqual([...exportColumns]);
  expect(rows[1]).toEqual([
    '2026-05-14 10:00',
    'Tom Okafor',
    '020 7946 0381',
    'tom@example.co.uk',
    'N1 9GU',
    'Outside our usual area',
    'Heating Services',
    'Combi shows F28, "no" hot water,\nsince this morning.',
    'Google search',
    'Yes',
    '/?utm_source=google&utm_medium=cpc&utm_campaign=boiler-repair-se1',
    'www.google.com',
    'google',
    'cpc',
    'boiler-repair-se1',
    'Yes',
    'Google Ads',
    'Quoted',
    '',
    '',
    '2026-05-14 10:12',
    '12',
    'Yes',
    `2026-05-14 10:13 ${sam}: Rang back.\nHe is in after 4.\n2026-05-14 11:01 ${sam}: Quoted £180.`,
    '2',
    'boiler',
  ]);
  expect(rows[2]).toEqual([
    '2026-05-14 09:00',
    `'=HYPERLINK("http://evil.example","Click")`,
    "'+44 7700 900123",
    "'@SUM(A1:A9)",
    '',
    '',
    'Other',
    "'-5 outside, pipes frozen",
    '',
    'No',
    '/',
    "'=cmd|calc",
    '',
    '',
    '',
    'No',
    'Referral',
    'New',
    '',
    '',
    '',
    '',
    '',
    '',
    '0',
    'attacker',
  ]);
  expect(rows).toHaveLength(3);
  expect(errors).toEqual([]);
});

test("a won job's value is a plain number of pounds a spreadsheet can add, and a lost job's reason is said in words", async () => {
  const won: InboxQuote = { ...boiler, id: 'won', status: 'won', history: [...boiler.history, { from: 'quoted', to: 'won', by: sam, at: at('12:00'), wonPence: 125_050 }] };
  const lost: InboxQuote = { ...boiler, id: 'lost', status: 'lost', history: [...boiler.history, { from: 'quoted', to: 'lost', by: sam, at: at('12:00'), lostReason: 'out-of-area' }] };
  const result = await exportQuotes({ inbox: new InMemoryQuoteRepository({ seed: [won, lost] }), logger: recordingLogger().logger }, all, now);
  if (!result.ok) throw new Error(result.error.kind);

  const columns = (row: readonly string[] | undefined) => (['Status', 'Won value (£)', 'Lost reason', 'Id'] as const).map((name) => row?.[exportColumns.indexOf(name)]);
  const rows = parseCsv(result.csv.slice(1)).slice(1, 3).map(columns);
  expect(rows).toEqual(expect.arrayContaining([['Won', '1250.5', '', 'won'], ['Lost', '', 'Out of area', 'lost']]));
});

test('a request rung with nobody answering is exported as responded at that call, and judged by it', async () => {
  const waitingCalled: InboxQuote = { ...attacker, urgent: true, callAttempts: [{ by: sam, at: at('08:20') }, { by: sam, at: at('08:50') }] };
  const answeredLateAfterACall: InboxQuote = { ...boiler, respondedAt: at('09:45'), callAttempts: [{ by: sam, at: at('09:25') }] };
  const result = await exportQuotes({ inbox: new InMemoryQuoteRepository({ seed: [waitingCalled, answeredLateAfterACall] }), logger: recordingLogger().logger }, all, now);
  if (!result.ok) throw new Error(result.error.kind);

  const columns = (row: readonly string[] | undefined) => (['Status', 'Responded', 'Response minutes', 'Within promise'] as const).map((name) => row?.[exportColumns.indexOf(name)]);
  const rows = parseCsv(result.csv.slice(1));
  expect(columns(rows[1])).toEqual(['Quoted', '2026-05-14 10:25', '25', 'Yes']);
  expect(columns(rows[2])).toEqual(['New', '2026-05-14 09:20', '20', 'Yes']);
});

test('only the requests of the query are exported', async () => {
  const result = await exportQuotes(
    { inbox: new InMemoryQuoteRepository({ seed: [attacker, boiler] }), logger: recordingLogger().logger },
    { ...defaultInboxQuery, view: 'new' },
    now,
  );
  expect(result.ok && parseCsv(result.csv.slice(1)).map((row) => row.at(-1))).toEqual(['Id', 'attacker']);
});

test('more than 500 requests are all exported once, in order, read 500 at a time', async () => {
  const limits: number[] = [];
  class CountingStore extends InMemoryQuoteRepository {
    override findPage(request: Parameters<InMemoryQuoteRepository['findPage']>[0]) {
      limits.push(request.limit);
      return super.findPage(request);
    }
  }
  const seed = Array.from({ length: 1203 }, (_, index) => ({
    ...attacker,
    id: `q${String(index).padStart(4, '0')}`,
    createdAt: new Date(now.getTime() - index * 60_000),
  }));

  const result = await exportQuotes({ inbox: new CountingStore({ seed }), logger: recordingLogger().logger }, all, now);

  if (!result.ok) throw new Error(result.error.kind);
  expect(result.count).toBe(1203);
  expect(limits).toEqual([500, 500, 500]);
  expect(parseCsv(result.csv.slice(1)).slice(1).map((row) => row.at(-1))).toEqual(seed.map(({ id }) => id));
});

test('a store that fails part way exports nothing, and the failure is logged', async () => {
  const failure = new Error('connection reset');
  class FailsOnSecondPage extends InMemoryQuoteRepository {
    #calls = 0;
    override findPage(request: Parameters<InMemoryQuoteRepository['findPage']>[0]) {
      return ++this.#calls > 1 ? Promise.reject(failure) : super.findPage(request);
    }
  }
  const seed = Array.from({ length: 501 }, (_, index) => ({ ...attacker, id: `q${String(index)}` }));
  const { logger, errors } = recordingLogger();

  const result = await exportQuotes({ inbox: new FailsOnSecondPage({ seed }), logger }, all, now);

  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Exporting quote requests failed', cause: failure }]);
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();
  expect(await exportQuotes({ inbox: failingQuoteInbox(new NotSignedIn()), logger }, all, now)).toEqual({
    ok: false,
    error: { kind: 'not-signed-in' },
  });
  expect(errors).toEqual([]);
});

test('an empty inbox exports the header alone', async () => {
  const result = await exportQuotes({ inbox: new InMemoryQuoteRepository(), logger: recordingLogger().logger }, all, now);
  expect(result).toEqual({ ok: true, count: 0, csv: `\uFEFF${exportColumns.join(',')}\r\n` });
});
