import fc from 'fast-check';
import { describedInboxQuote } from '../../domain/activity/activity-folds';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { NewQuote } from '../../domain/quote/quote';
import type { QuoteStatus } from '../../domain/inbox/quote-status';
import { serviceTypes } from '../../domain/quote/service-type';
import { type Arrival, spamThreshold } from '../../domain/spam/spam';
import { recorded } from './recorded-step.test-support';
import { requestOf, type StoreUnderTest } from './store-under-test.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

const minute = 60_000;

/**
 * People whose requests the inbox suites search: mixed case, accents, apostrophes, phone numbers
 * written every which way, postcodes in our area, outside it and none, and the LIKE wildcards % and _ that a SQL store must not take as such.
 */
const personas: readonly Pick<NewQuote, 'name' | 'email' | 'phone' | 'postcode' | 'description'>[] = [
  { name: 'Zoë Adeyemi', email: 'z.adeyemi@example.co.uk', phone: '07700 900123', postcode: 'SE1 7PB', description: 'Boiler pressure keeps dropping; radiators lukewarm.' },
  { name: 'Tom OKAFOR', email: null, phone: '020 7946 0381', postcode: null, description: 'Combi boiler shows F28, no hot water since 7am.' },
  { name: "Siobhán O'Brien", email: 's.obrien@example.org', phone: '+44 7700 900456', postcode: 'SE15', description: '100% blocked drain_pipe in the yard.\nSecond line.' },
  { name: 'Marco Bellini', email: 'MARCO@EXAMPLE.NET', phone: '(020) 7946 0772', postcode: 'N1 9GU', description: null },
  { name: 'Łukasz Großmann', email: null, phone: '07700-900-789', postcode: 'SE16 4DG', description: 'Tap drips "every 2 seconds" in the flat on Long Lane.' },
  { name: 'Grace Whitfield', email: 'grace.whitfield@example.com', phone: '07700900612', postcode: 'CR0 2RH', description: 'Walk-in shower and tiling, Tooley Street.' },
];

/** Searches staff might type, some matching the personas, some not, some with wildcards. */
export const searches: readonly string[] = [
  '',
  '   ',
  'zoë',
  'ZOË boiler',
  'Zoe',
  'siobhan',
  'SIOBHÁN',
  '07700900123',
  '07700 900123',
  '900456',
  '7946',
  'BOILER',
  'f28 COMBI',
  "o'brien",
  '100%',
  '%',
  '_',
  'drain_pipe',
  'łukasz',
  'GROSSMANN',
  'großmann',
  'example.net',
  '@example',
  '"every',
  'whitfield TOOLEY',
  'se1 7pb',
  'SE1',
  'n1 9gu',
  'nobody',
];

/** One request the suites put in a store: who, what, how long ago, and where staff have moved it. */
export interface RequestSpec {
  persona: number;
  serviceType: (typeof serviceTypes)[number];
  urgent: boolean;
  /** Multiples of ten, so that times (and due times) often tie and the tie-breaks are tested. */
  minutesAgo: number;
  status: QuoteStatus;
  /** Sent by a script that fills the field only bots see: held in the Spam folder, and left 'new'. */
  spam: boolean;
}

export const requestSpecArb: fc.Arbitrary<RequestSpec> = fc
  .record({
    persona: fc.nat(personas.length - 1),
    serviceType: fc.constantFrom(...serviceTypes),
    urgent: fc.boolean(),
    minutesAgo: fc.integer({ min: 0, max: 30 }).map((tens) => tens * 10),
    status: fc.constantFrom<QuoteStatus>('new', 'new', 'contacted', 'quoted', 'won', 'lost'),
    spam: fc.constantFrom(false, false, false, false, true),
  })
  .map((spec) => (spec.spam ? { ...spec, status: 'new' } : spec));

/** How a script sends a request: the hidden field filled, no form token. Any store that judges holds it as spam. */
const botArrival: Arrival = { honeypotFilled: true, formToken: null };

/** The moves that take a new request to each status. */
const pathTo: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  new: [],
  contacted: ['contacted'],
  quoted: ['contacted', 'quoted'],
  won: ['contacted', 'won'],
  done: ['contacted', 'won', 'done'],
  lost: ['contacted', 'quoted', 'lost'],
};

export function newQuoteOf(spec: Pick<RequestSpec, 'persona' | 'serviceType' | 'urgent'>): NewQuote {
  const persona = personas[spec.persona % personas.length] ?? personas[0];
  if (persona === undefined) throw new Error('no personas');
  return sampleQuote({ ...persona, serviceType: spec.serviceType, urgent: spec.urgent });
}

/**
 * Stores the requests, each `minutesAgo` before `asOf`, and moves each to its status through the
 * inbox as staff would (the spam ones as a script sends them, left where they are held). Answers what the suites expect of them: the model matchesQuery and
 * compareInInbox are run on (its respondedAt and its log are not what they judge by).
 */
export async function seed(
  { repository, inbox }: StoreUnderTest,
  clock: { time: number; now: () => Date },
  specs: readonly RequestSpec[],
  asOf: number,
): Promise<InboxQuote[]> {
  const model: InboxQuote[] = [];
  for (const spec of specs) {
    clock.time = asOf - spec.minutesAgo * minute;
    const stored = spec.spam ? await repository.insert(newQuoteOf(spec), [], botArrival) : await repository.insert(newQuoteOf(spec));
    let from: QuoteStatus = 'new';
    for (const to of pathTo[spec.status]) {
      await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from, to }, by: 'seed@example.co.uk', at: new Date(asOf) });
      from = to;
    }
    const taken = spec.status === 'new' ? null : { by: 'seed@example.co.uk', at: new Date(asOf) };
    // Only whether it is in the Spam folder is what the suites judge by; the score and reasons are the Spam folder suite's.
    const spam = spec.spam ? { score: spamThreshold, reasons: [], sentAt: stored.createdAt, cleared: null } : null;
    model.push(describedInboxQuote({ ...requestOf(stored), status: spec.status, respondedAt: null, taken, alerts: [], photos: [], spam }, () => crypto.randomUUID()));
  }
  clock.time = asOf;
  return model;
}
