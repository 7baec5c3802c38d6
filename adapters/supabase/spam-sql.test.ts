// The spam rules in a Supabase project, on a real PostgreSQL database with the migrations: the SQL's
// verdict is domain/spam/spam.ts judgeSpam's on every signal the database judges, for the junk of
// fixtures/spam-requests.ts and for generated requests; and the trigger judges every insert, whatever
// the visitor sends.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Client } from 'pg';
import { expect, test } from 'vitest';
import type { NewQuote } from '../../domain/quote/quote';
import { judgeSpam, spamSignals, spamTextKey, spamThreshold, type SpamEvidence } from '../../domain/spam/spam';
import { newQuoteArb, ukPhoneArb } from '../../fixtures/quote-arbitraries.test-support';
import { spamRequests } from '../../fixtures/spam-requests';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { spamSignalsJudgedInSql } from './spam-functions-sql';
import { type Claims, type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

const visitor: Claims = { role: 'anon' };

async function withSupabase(work: (supabase: SupabaseScratchDatabase) => Promise<void>): Promise<void> {
  const supabase = await supabaseScratchDatabase();
  try {
    await work(supabase);
  } finally {
    await supabase.drop();
  }
}

interface Case {
  quote: NewQuote;
  honeypotFilled: boolean;
  sameTextRecently: number;
}

interface SqlVerdict {
  score: number;
  reasons: { signal: string; weight: number }[];
  spam: boolean;
}

/** The domain's verdict on the signals the database judges: a person's timing, so no form-token signal. */
function expectedVerdict({ quote, honeypotFilled, sameTextRecently }: Case): SqlVerdict {
  const evidence: SpamEvidence = { honeypotFilled, secondsToSubmit: 60, sameTextRecently };
  const reasons = judgeSpam(quote, evidence).reasons.filter(({ signal }) => spamSignalsJudgedInSql.includes(signal));
  const score = reasons.reduce((sum, { weight }) => sum + weight, 0);
  return { score, reasons: reasons.map(({ signal, weight }) => ({ signal, weight })), spam: score >= spamThreshold };
}

/** public.spam_verdict and public.spam_text_key of many cases in one query. */
async function sqlVerdicts(owner: Client, cases: readonly Case[]): Promise<{ verdict: SqlVerdict; key: string | null }[]> {
  const { rows } = await owner.query<{ verdict: SqlVerdict; key: string | null }>(
    `select public.spam_verdict(c.name, c.email, c.phone, c.description, c.honeypot, c.recent) as verdict,
            public.spam_text_key(c.description) as key
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::integer[]) with ordinality
            as c(name, email, phone, description, honeypot, recent, n)
      order by c.n`,
    [
      cases.map(({ quote }) => quote.name),
      cases.map(({ quote }) => quote.email),
      cases.map(({ quote }) => quote.phone),
      cases.map(({ quote }) => quote.description),
      cases.map(({ honeypotFilled }) => honeypotFilled),
      cases.map(({ sameTextRecently }) => sameTextRecently),
    ],
  );
  return rows;
}

// Text as junk and customers write it: words in several scripts, links of every shape the rules know
// and shapes they do not, addresses, numbers, punctuation and emoji, with the spacing people type.
const pieceArb = fc.oneof(
  fc.constantFrom('leak', 'boiler', 'Knightsbridge', 'rhythm', 'cwm', 'Llwyd', 'zxmcnv', 'asdkjh', 'qwerty', 'aaaa', 'CCTV', 'Zoë', 'Élodie', 'straße'),
  fc.constantFrom('вода', 'σωλήνας', '水漏れ', 'ماء', 'नल', '😀', '👍🏽', '½', '²', 'ﬁx', 'Ⅻ', '١٢٣', '\u00ad', '\u200b', 'e\u0301'),
  fc.constantFrom('https://rankfirst.example/plumbers', 'http://a.b', 'www.cheap-seo.com', 'seo-agency.io', 'shop.example.co.uk/x', 'tap.It', 'a.com.', 'x.ru/?q=1'),
  fc.constantFrom('[photo](https://photos.app.goo.gl/x)', '[url=https://c.example]cheap[/url]', '[URL]spam[/url]', '<a href="https://x.example">x</a>', '<A HREF=x>', '[a](b c)'),
  fc.constantFrom('jo@example.com', 'sales@seo.io', 'a@b', '@', 'x@y.com/z', 'mail.me@www.example.com'),
  fc.constantFrom('07700 900123', '£150', '#$%^&*', '!!!!!!', '...', '-', '@.', '/', '(', ')', '[', ']', '<', '>', '"'),
  fc.string({ maxLength: 12 }),
);
const gapArb = fc.constantFrom(' ', ' ', ' ', '', '\n', '  ', '\t', ', ', '. ', '\u00a0');
const textArb = (maxPieces: number) =>
  fc.array(fc.tuple(pieceArb, gapArb), { maxLength: maxPieces }).map((parts) => parts.map(([piece, gap]) => piece + gap).join(''));

const emailArb = fc.oneof(
  fc.constant(null),
  fc.tuple(fc.constantFrom('x', 'Jo.Bloggs', 'a@b'), fc.constantFrom('@', '@'), fc.constantFrom(
    'example.co.uk', 'mailinator.com', 'MAILINATOR.net', 'eu.yopmail.fr', 'yopmail', 'sub.trashmail.com', 'trashmail.com.example',
    'notmailinator.com', 'grr.la', 'grr.la.uk', '10minutemail.com', 'guerrillamailblock.org', 'x.guerrillamail', '', '.', 'a..b',
  )).map((parts) => parts.join('')),
);
const phoneArb = fc.oneof(
  ukPhoneArb,
  fc.constantFrom('01111 111111', '0123 456 7890', '+44 20 7946 0999', '+1 415 555 0134', '0044 (0)7700 900123', '+44 (0)20 7946 0123', '07700 987654', '0800 123 456', '09876 543 210', '0456 123 4567', '555-1234', '+33 1 23 45 67 89', '+7 999 999 9999', '8901234', '12'),
  fc.string({ unit: fc.constantFrom(...Array.from('0123456789 +-().')), minLength: 1, maxLength: 18 }),
);
const caseArb: fc.Arbitrary<Case> = fc.record({
  quote: fc.oneof(
    newQuoteArb,
    fc.record({
      name: textArb(4),
      phone: phoneArb,
      email: emailArb,
      postcode: fc.constant(null),
      serviceType: fc.constant('other' as const),
      description: fc.option(textArb(30), { nil: null }),
      urgent: fc.boolean(),
    }),
  ),
  honeypotFilled: fc.boolean(),
  sameTextRecently: fc.nat(6),
});

test('the database judges only what it can see: no form token exists in this mode, and the words are left to JavaScript', () => {
  expect(spamSignals.filter((signal) => !spamSignalsJudgedInSql.includes(signal))).toEqual(['too-fast', 'no-form-token', 'not-words']);
});

test('the SQL verdict is judgeSpam\'s, on the signals the database judges, for every junk request of the fixtures', () =>
  withSupabase(async ({ owner }) => {
    const cases = spamRequests.map(({ quote, evidence }) => ({ quote, honeypotFilled: evidence.honeypotFilled, sameTextRecently: evidence.sameTextRecently }));
    const found = await sqlVerdicts(owner, cases);
    cases.forEach((given, at) => {
      expect(found[at]?.verdict, spamRequests[at]?.kind).toEqual(expectedVerdict(given));
      expect(found[at]?.key, spamRequests[at]?.kind).toBe(spamTextKey(given.quote));
    });
  }));

test('the SQL verdict and text key are the domain\'s for generated requests', () =>
  withSupabase(async ({ owner }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 1, maxLength: 40 }), async (cases) => {
        const found = await sqlVerdicts(owner, cases);
        cases.forEach((given, at) => {
          expect({ verdict: found[at]?.verdict, key: found[at]?.key }).toEqual({ verdict: expectedVerdict(given), key: spamTextKey(given.quote) });
        });
      }),
      { numRuns: 150 },
    );
  }));

/** The insert the Supabase adapter sends for a visitor, with the hidden field's state. */
function visitorInsert(quote: NewQuote, honeypotFilled = false) {
  const id = randomUUID();
  return {
    id,
    text: `insert into public.quote_requests (id, name, email, phone, postcode, service_type, description, urgent, honeypot_filled)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    values: [id, quote.name, quote.email, quote.phone, quote.postcode, quote.serviceType, quote.description, quote.urgent, honeypotFilled],
  };
}

const markOf = async (owner: Client, id: string) =>
  (
    await owner.query<{ spam_score: number | null; spam_reasons: unknown; sent: boolean }>(
      'select spam_score, spam_reasons, spam_sent_at is not null as sent from public.quote_requests where id = $1',
      [id],
    )
  ).rows[0];

test('every insert is judged by the trigger: the hidden field, the row\'s own signs, and the same description within the day', () =>
  withSupabase(async ({ owner, request }) => {
    const person = visitorInsert(sampleQuote());
    await request(visitor, (db) => db.query(person));
    expect(await markOf(owner, person.id)).toEqual({ spam_score: null, spam_reasons: null, sent: false });

    const bot = visitorInsert(sampleQuote({ email: 'x@mailinator.com' }), true);
    await request(visitor, (db) => db.query(bot));
    expect(await markOf(owner, bot.id)).toEqual({
      spam_score: 13,
      spam_reasons: [{ signal: 'honeypot', weight: 10 }, { signal: 'disposable-email', weight: 3 }],
      sent: true,
    });

    // The same description: three copies reach staff, the fourth (with a wrong number) is spam.
    const burst = spamRequests.find(({ kind }) => kind === 'a burst of one message from a script')?.quote ?? sampleQuote();
    const copies = [0, 1, 2, 3].map((n) => visitorInsert({ ...burst, phone: n === 3 ? '01111 111111' : burst.phone }));
    for (const copy of copies) await request(visitor, (db) => db.query(copy));
    const scores = [];
    for (const copy of copies) scores.push((await markOf(owner, copy.id))?.spam_score ?? null);
    expect(scores).toEqual([null, null, null, 12]);
    // A day later the same text is no burst.
    await owner.query(`update public.quote_requests set created_at = created_at - interval '25 hours'`);
    const later = visitorInsert({ ...burst, phone: '01111 111111' });
    await request(visitor, (db) => db.query(later));
    expect((await markOf(owner, later.id))?.spam_score ?? null).toBeNull();
  }));

test('a visitor cannot set a verdict, nor read one, nor change one', () =>
  withSupabase(async ({ owner, request }) => {
    const id = randomUUID();
    const quote = sampleQuote();
    await expect(
      request(visitor, (db) =>
        db.query(`insert into public.quote_requests (id, name, phone, service_type, spam_score) values ($1, $2, $3, $4, 0)`, [id, quote.name, quote.phone, quote.serviceType]),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    for (const column of ['spam_reasons', 'spam_sent_at', 'spam_cleared_by', 'spam_cleared_at', 'spam_text_key']) {
      await expect(
        request(visitor, (db) => db.query(`insert into public.quote_requests (name, phone, service_type, ${column}) values ('A', '020 7946 0123', 'other', null)`)),
        column,
      ).rejects.toMatchObject({ code: '42501' });
    }
    const bot = visitorInsert(quote, true);
    await request(visitor, (db) => db.query(bot));
    await expect(request(visitor, (db) => db.query('select spam_score from public.quote_requests'))).rejects.toMatchObject({ code: '42501' });
    await expect(request(visitor, (db) => db.query('update public.quote_requests set spam_score = null'))).rejects.toMatchObject({ code: '42501' });
    await expect(request(visitor, (db) => db.query(`select public.spam_verdict('a', null, '1', null, false, 0)`))).rejects.toMatchObject({ code: '42501' });
    expect((await markOf(owner, bot.id))?.spam_score).toBe(10);
  }));
