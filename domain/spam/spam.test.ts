import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type NewQuote, quoteFieldList } from '../quote/quote';
import { toDraft } from '../quote/quote-schema';
import {
  describeSpamReason,
  judgeSpam,
  minimumSecondsToSubmit,
  type SpamEvidence,
  spamReasonLabels,
  spamSignals,
  spamTextKey,
  spamThreshold,
  spamWeights,
} from './spam';
import { validateQuote } from '../quote/validate-quote';
import { newQuoteArb, postcodeArb, storedSourceArbs, ukPhoneArb } from '../../fixtures/quote-arbitraries.test-support';
import { cameFrom } from '../../fixtures/lead-sources';
import { sampleQuoteRequests } from '../../fixtures/quote-requests';
import { spamRequests } from '../../fixtures/spam-requests';

const human: SpamEvidence = { honeypotFilled: false, secondsToSubmit: 45, sameTextRecently: 0 };
const customer: NewQuote = {
  name: 'Priya Raman',
  phone: '07700 900123',
  email: 'priya.raman@example.co.uk',
  postcode: 'SE1 3XF',
  serviceType: 'emergency',
  description: 'Water coming through the kitchen ceiling from the flat above. Stopcock is off but it is still dripping.',
  urgent: true,
  ...cameFrom('googleSearch'),
};
const signalsOf = (quote: NewQuote, evidence: SpamEvidence = human) => judgeSpam(quote, evidence).reasons.map((reason) => reason.signal);

// Real-looking requests: names and job descriptions as customers write them, in several languages.
const realNames = [
  'Priya Raman', 'Tom Okafor', 'Siobhán Ní Bhriain', 'Nguyễn Văn An', 'Zoë', 'Jo', 'Dafydd ap Gwyn', 'Łukasz Brzęczyszczykiewicz',
  'Krzysztof Szczepański', 'Søren Kierkegaard', 'Ólafur Þórðarson', 'Oluwaseun Adébáyọ̀', 'Xu Li', 'Ng Wai Kit', 'Aoife McGrath',
  "Seán O'Brien", 'Mary-Jane Smith', 'Aram Mkrtchyan', 'Jan Pszczółkowski', 'Αλέξανδρος Παπαδόπουλος', 'Дмитрий Иванов', '王伟', 'محمد علي', 'The Anchor Café (Marco Bellini)',
];
const realDescriptions = [
  'Leak under sink',
  'No hot water',
  'Boiler F28',
  'WC won’t flush',
  'TRV stuck',
  'CCTV drain survey please',
  'Burst pipe under the stairs, Union Street. Water is off at the main.',
  'Combi boiler showing F28 and no hot water since this morning. Flat on Tooley Street, third floor.',
  'Need three lengths of 15mm copper replaced in the airing cupboard, flat near Knightsbridge.',
  'HELP!!!!!! water everywhere 😭😭😭',
  'Quote for a new bathroom: £4,000–£6,000 budget? SE1 7PB, 2nd floor (no lift).',
  'Photos of the leak: https://photos.app.goo.gl/Xk3pQz9LmN2a',
  'Email me at jo.bloggs@example.co.uk rather than calling, I work nights.',
  "Mae'r boeler wedi torri, dim dŵr poeth ers ddoe.",
  'Tá an píopa briste sa chistin.',
  'Die Heizung ist kaputt, bitte schnell anrufen.',
  "Fuite d'eau sous l'évier de la cuisine.",
  'Tengo una fuga de agua en el baño.',
  'Cieknie kran w łazience, proszę o szybki kontakt.',
  'Vòi nước trong bếp bị rò rỉ.',
  'Prasklá trubka v koupelně.',
  'Протекает кран на кухне.',
  '厨房水槽漏水',
  'تسرب المياه تحت الحوض',
];

const namesAndDescriptions = realNames.flatMap((name) => [null, ...realDescriptions].map((description): [string, string | null] => [name, description]));

test.each(namesAndDescriptions)('a customer named %j writing %j is not taken for gibberish or links', (name, description) => {
  expect(signalsOf({ ...customer, name, description })).toEqual([]);
});

test('no request in the demo raises any sign', () => {
  const samples = sampleQuoteRequests(new Date());
  expect(samples.length).toBeGreaterThan(10);
  for (const sample of samples) {
    const quote = Object.fromEntries(quoteFieldList.map((field) => [field, sample[field]])) as NewQuote;
    expect(signalsOf(quote), sample.name).toEqual([]);
  }
});

// A known limit: one word of five consonants running reads as mashing when it is all there is. A
// first name, or any description, is enough beside it; and the sign alone is never spam.
test.each(['Mkrtchyan', 'Knightsbridge'])('%j alone reads as not words, yet is not spam', (name) => {
  const verdict = judgeSpam({ ...customer, name, description: null }, human);
  expect(verdict.reasons.map((reason) => reason.signal)).toEqual(['not-words']);
  expect(verdict.spam).toBe(false);
});

test.each(['SE1 7PB', 'EC1A 1BB', 'W1A 0AX', 'SW1A 2AA'])('a postcode in the description (%j) is not gibberish', (postcode) => {
  expect(signalsOf({ ...customer, name: 'Jo', description: postcode })).toEqual([]);
});

test('one photo link, or two, is no spam sign; three are', () => {
  const link = (n: number) => `https://www.dropbox.com/scl/fi/a${n}b2c3/leak-${n}.jpg?rlkey=x7k2p9q&dl=0`;
  const withLinks = (count: number) => ({ ...customer, description: `Photos: ${Array.from({ length: count }, (_, n) => link(n)).join(' ')}` });
  expect(signalsOf(withLinks(1))).toEqual([]);
  expect(signalsOf(withLinks(2))).toEqual([]);
  expect(signalsOf(withLinks(3))).toEqual(['many-links']);
});

test.each([
  'http://cheap-seo.example',
  'https://rank.example/plumbers',
  'www.rankfirst.example',
  'Best SEO example.com',
  'Jessica | rankfirst.co.uk',
  '[Click here](https://x.example)',
  '[url=https://x.example]SEO[/url]',
  '<a href="https://x.example">SEO</a>',
])('%j is a link in the name', (name) => {
  expect(signalsOf({ ...customer, name })).toEqual(['links-in-name']);
});

test.each(['Dr. Amara Obi', 'St. John Smith', 'Jo@home', 'Mr.Smith', 'Anna Maria'])('%j is a name, not a link', (name) => {
  expect(signalsOf({ ...customer, name })).toEqual([]);
});

test('a missing full stop space is not a link', () => {
  expect(signalsOf({ ...customer, description: 'The tap drips.It started yesterday. Call me.Thanks' })).toEqual([]);
});

test.each([
  ['keyboard mashing', 'asdkjh qwpoeiru zxmcnv'],
  ['one row of the keyboard', 'qwerty qwerty'],
  ['consonants without vowels', 'Xkcdqrtzpl bvncm'],
  ['one letter held down', 'aaaaaaa hhhhhhh'],
  ['symbols', '#$%^&*()_+ @!~`<>'],
])('%s is not words', (_, description) => {
  expect(signalsOf({ ...customer, name: 'Jo', description })).toEqual(['not-words']);
});

test.each([
  ['the same digit', '01111 111111'],
  ['the same digit, mobile', '07777 777777'],
  ['counting up', '01234 567890'],
  ['counting up, mobile', '07123 456789'],
  ['counting down', '09876 543210'],
  ['counting up abroad', '+1 234 567 8901'],
  ['the same digit abroad', '+1 111 111 1111'],
  ['a UK number starting 04', '0412 345 6781'],
  ['a UK number starting 06', '0612 345 6781'],
  ['a UK number starting 09 (premium rate)', '0909 879 0000'],
  ['a mobile one digit short', '07700 90012'],
  ['a London number one digit short', '020 7946 012'],
])('%s (%j) cannot be a real phone number', (_, phone) => {
  expect(signalsOf({ ...customer, phone })).toEqual(['impossible-phone']);
});

test.each([
  '020 7946 0123',
  '+44 (0)20 7946 0123',
  '01632 960123',
  '07700 900123',
  '0800 028 009',
  '0800 800 1500',
  '0345 600 7890',
  '07624 123456',
  '07092 817264',
  '07623 123456',
  '016977 3456',
  '+1 202 555 0143',
  '0033 1 45 67 89 10',
])('%j may be a real phone number', (phone) => {
  expect(signalsOf({ ...customer, phone })).toEqual([]);
});

test('no number in the Ofcom drama ranges the product uses is impossible', () => {
  const drama = ['020 7946 0', '07700 900', '01632 960'];
  for (const start of drama) {
    for (let end = 0; end < 1000; end++) {
      expect(signalsOf({ ...customer, phone: start + String(end).padStart(3, '0') })).toEqual([]);
    }
  }
});

test.each([
  'x@mailinator.com',
  'x@guerrillamail.com',
  'x@guerrillamail.net',
  'x@GuerrillaMail.biz',
  'x@10minutemail.com',
  'x@yopmail.com',
  'x@yopmail.fr',
  'x@temp-mail.org',
  'x@trashmail.com',
  'x@sharklasers.com',
  'x@getnada.com',
  'x@dispostable.com',
  'x@maildrop.cc',
  'x@eu.mailinator.com',
])('%j is a throwaway address', (email) => {
  expect(signalsOf({ ...customer, email })).toEqual(['disposable-email']);
});

test.each(['x@gmail.com', 'x@example.co.uk', 'x@notmailinator.com', 'x@maildrop.cc.example.com', 'x@mailinator-fans.org'])('%j is an ordinary address', (email) => {
  expect(signalsOf({ ...customer, email })).toEqual([]);
});

test('spamTextKey ignores case, spacing, punctuation and invisible characters', () => {
  const key = spamTextKey({ ...customer, description: 'Hello! I am interested in your services.' });
  expect(key).toBe('hello i am interested in your services');
  for (const description of ['hello i am interested in your services', 'HELLO,  I am\ninterested in your\u200b services!!!', '  Hello - I am interested in your services ']) {
    expect(spamTextKey({ ...customer, description })).toBe(key);
  }
});

test.each([null, '', 'Leak under sink', 'No hot water!!', 'Boiler not working'])('spamTextKey is null for %j: too short to compare', (description) => {
  expect(spamTextKey({ ...customer, description })).toBeNull();
});

test('the same description is a sign from three earlier copies, and never when it is too short to compare', () => {
  expect(signalsOf(customer, { ...human, sameTextRecently: 2 })).toEqual([]);
  expect(signalsOf(customer, { ...human, sameTextRecently: 3 })).toEqual(['repeated']);
  expect(signalsOf({ ...customer, description: 'Leak under sink' }, { ...human, sameTextRecently: 30 })).toEqual([]);
});

test('timing: under the minimum is too fast; no valid token is its own, weaker sign', () => {
  expect(signalsOf(customer, { ...human, secondsToSubmit: minimumSecondsToSubmit })).toEqual([]);
  expect(signalsOf(customer, { ...human, secondsToSubmit: minimumSecondsToSubmit - 0.1 })).toEqual(['too-fast']);
  expect(signalsOf(customer, { ...human, secondsToSubmit: null })).toEqual(['no-form-token']);
  expect(spamWeights['no-form-token']).toBeLessThan(spamWeights['too-fast']);
});

test('the honeypot alone, and too-fast alone, are spam; no other sign alone is', () => {
  for (const signal of spamSignals) {
    expect(spamWeights[signal] >= spamThreshold, signal).toBe(signal === 'honeypot' || signal === 'too-fast');
  }
});

test('a weak sign beside one other weak sign is not spam', () => {
  expect(judgeSpam({ ...customer, email: 'x@yopmail.com' }, { ...human, secondsToSubmit: null }).spam).toBe(false);
  expect(judgeSpam({ ...customer, name: 'Sdfgh', description: null, email: 'x@yopmail.com' }, human).spam).toBe(false);
});

test.each(spamRequests)('$kind: raises exactly its signals', ({ quote, evidence, signals, spam }) => {
  expect(validateQuote(toDraft(quote))).toEqual({ ok: true, quote });
  const verdict = judgeSpam(quote, evidence);
  expect(verdict.reasons.map((reason) => reason.signal)).toEqual(signals);
  expect(verdict.spam).toBe(spam);
});

test('every signal has a label, and the reasons with numbers say them', () => {
  for (const signal of spamSignals) expect(spamReasonLabels[signal]).not.toBe('');
  const tooFast = { signal: 'too-fast', weight: spamWeights['too-fast'] } as const;
  expect(describeSpamReason(tooFast, { ...human, secondsToSubmit: 2.7 })).toBe('Sent 2 seconds after the form was opened');
  expect(describeSpamReason(tooFast, { ...human, secondsToSubmit: 1 })).toBe('Sent 1 second after the form was opened');
  expect(describeSpamReason(tooFast, { ...human, secondsToSubmit: 0.2 })).toBe('Sent less than a second after the form was opened');
  expect(describeSpamReason(tooFast)).toBe(spamReasonLabels['too-fast']);
  const repeated = { signal: 'repeated', weight: spamWeights.repeated } as const;
  expect(describeSpamReason(repeated, { ...human, sameTextRecently: 14 })).toBe('The same description came in 14 other requests recently');
});

test('a long text is judged quickly', () => {
  const long = { ...customer, name: 'a'.repeat(100), description: `${'a-'.repeat(500)}${'b.'.repeat(500)}` };
  const started = performance.now();
  judgeSpam(long, human);
  expect(performance.now() - started).toBeLessThan(100);
});

// Properties.

const anyQuoteArb: fc.Arbitrary<NewQuote> = fc.oneof(
  newQuoteArb,
  fc.record({
    name: fc.string({ maxLength: 100 }),
    phone: ukPhoneArb,
    email: fc.option(fc.constantFrom('a@example.com', 'b@yopmail.com', 'c@mail.example.co.uk'), { nil: null }),
    postcode: fc.option(postcodeArb, { nil: null }),
    serviceType: fc.constant('other' as const),
    description: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
    urgent: fc.boolean(),
    ...storedSourceArbs,
  }),
);
const evidenceArb: fc.Arbitrary<SpamEvidence> = fc.record({
  honeypotFilled: fc.boolean(),
  secondsToSubmit: fc.option(fc.double({ min: -5, max: 7200, noNaN: true }), { nil: null }),
  sameTextRecently: fc.nat(50),
});

type Worsening = (quote: NewQuote, evidence: SpamEvidence) => [NewQuote, SpamEvidence];
const worsenings: fc.Arbitrary<Worsening> = fc.constantFrom<Worsening>(
  (quote, evidence) => [quote, { ...evidence, honeypotFilled: true }],
  (quote, evidence) => [quote, { ...evidence, secondsToSubmit: evidence.secondsToSubmit === null ? null : Math.min(evidence.secondsToSubmit, 1) }],
  (quote, evidence) => [quote, { ...evidence, sameTextRecently: evidence.sameTextRecently + 10 }],
  (quote, evidence) => [{ ...quote, name: `${quote.name} www.seo.example` }, evidence],
  (quote, evidence) => [{ ...quote, description: `${quote.description ?? ''} https://a.example https://b.example https://c.example` }, evidence],
  (quote, evidence) => [{ ...quote, email: 'x@mailinator.com' }, evidence],
  (quote, evidence) => [{ ...quote, phone: '01111 111111' }, evidence],
);

test('adding a spam sign never takes one away, nor lowers the score', () => {
  fc.assert(
    fc.property(anyQuoteArb, evidenceArb, worsenings, (quote, evidence, worsen) => {
      const before = judgeSpam(quote, evidence);
      const after = judgeSpam(...worsen(quote, evidence));
      expect(after.score).toBeGreaterThanOrEqual(before.score);
      for (const reason of before.reasons) expect(after.reasons).toContainEqual(reason);
    }),
    { numRuns: 500 },
  );
});

test('the score is the sum of the reasons, each at its weight in the order of the signals, and spam exactly from the threshold', () => {
  fc.assert(
    fc.property(anyQuoteArb, evidenceArb, (quote, evidence) => {
      const verdict = judgeSpam(quote, evidence);
      expect(verdict.score).toBe(verdict.reasons.reduce((sum, reason) => sum + reason.weight, 0));
      for (const reason of verdict.reasons) expect(reason.weight).toBe(spamWeights[reason.signal]);
      const order = verdict.reasons.map((reason) => spamSignals.indexOf(reason.signal));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(verdict.spam).toBe(verdict.score >= spamThreshold);
    }),
    { numRuns: 500 },
  );
});

test('the honeypot alone is always spam', () => {
  fc.assert(
    fc.property(anyQuoteArb, evidenceArb, (quote, evidence) => {
      expect(judgeSpam(quote, { ...evidence, honeypotFilled: true }).spam).toBe(true);
    }),
  );
});

test('judging is deterministic', () => {
  fc.assert(
    fc.property(anyQuoteArb, evidenceArb, (quote, evidence) => {
      expect(judgeSpam({ ...quote }, { ...evidence })).toEqual(judgeSpam(quote, evidence));
    }),
  );
});

const sentenceArb = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...realDescriptions), { minLength: 1, maxLength: 3 }), fc.option(fc.constant('https://photos.app.goo.gl/Xk3pQz9LmN2a'), { nil: undefined }))
  .map(([sentences, photo]) => [...sentences, ...(photo === undefined ? [] : [photo])].join(' '));

test('a typical customer, sent at a human pace and not repeated, is never spam', () => {
  fc.assert(
    fc.property(
      newQuoteArb,
      fc.constantFrom(...realNames),
      fc.option(sentenceArb, { nil: null }),
      fc.integer({ min: minimumSecondsToSubmit, max: 7200 }),
      fc.nat(2),
      (quote, name, description, secondsToSubmit, sameTextRecently) => {
        const verdict = judgeSpam({ ...quote, name, description }, { honeypotFilled: false, secondsToSubmit, sameTextRecently });
        expect(verdict.spam).toBe(false);
        expect(verdict.reasons.map((reason) => reason.signal)).not.toContain('not-words');
      },
    ),
    { numRuns: 500 },
  );
});
