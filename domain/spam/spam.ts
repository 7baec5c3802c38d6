import { phoneNumberKey } from '../quote/phone';
import type { NewQuote } from '../quote/quote';
import { countLinks, isMostlyNotWords, textKey } from './spam-text';

// Whether a quote request looks like junk rather than a customer, and why. A request judged spam is
// kept apart with its reasons for staff to look through, never dropped: a false alarm costs a look,
// not a customer. So every sign that real customers also give, however rarely, is weighed to need
// another sign beside it.

/** Every sign of junk the rules look for, in the order staff read them. */
export const spamSignals = [
  'honeypot',
  'too-fast',
  'no-form-token',
  'links-in-name',
  'many-links',
  'not-words',
  'repeated',
  'disposable-email',
  'impossible-phone',
] as const;

export type SpamSignal = (typeof spamSignals)[number];

/** What the server knows of how a request arrived, besides its fields. */
export interface SpamEvidence {
  /** Whether the field only bots see (`honeypotFieldName` in quote.ts) held anything. */
  honeypotFilled: boolean;
  /** Seconds from the form being issued to the request arriving, read from the form's signed token; null without a valid one. */
  secondsToSubmit: number | null;
  /** How many requests stored in the recent window have the same {@link spamTextKey}. */
  sameTextRecently: number;
}

export interface SpamReason {
  signal: SpamSignal;
  weight: number;
}

export interface SpamVerdict {
  /** The sum of the reasons' weights. */
  score: number;
  /** The signals found, in the order of {@link spamSignals}. */
  reasons: readonly SpamReason[];
  /** Whether the score reaches {@link spamThreshold}. */
  spam: boolean;
}

/**
 * The fewest seconds a person takes from the page arriving to the request leaving: find the form, type
 * a name and a number (or pick them from the browser's autofill), choose a service, press send. Even
 * with autofill that is more than three; a script that posts as soon as it has the page takes under one.
 */
export const minimumSecondsToSubmit = 3;

/** Links in a description from this many on: one is a photo album, two a photo and the tap they want fitted. */
const manyLinks = 3;

/**
 * Earlier copies of one description from this many on. A worried customer sends the same request two
 * or three times; those copies already reached staff, so only the ones after them count.
 */
const repeatedFrom = 3;

/** The score from which a request is spam. */
export const spamThreshold = 10;

/**
 * How much each signal counts toward {@link spamThreshold}, in three strengths: a sign no person gives
 * is spam alone (10); one a person gives very rarely is spam beside any other (6 or 7); one that many
 * real customers give is spam only beside a stronger one or two others (3 or 4).
 */
export const spamWeights: Readonly<Record<SpamSignal, number>> = {
  /** Hidden from people by CSS and from screen readers: only a program filling every field fills it. */
  honeypot: 10,
  /** Under {@link minimumSecondsToSubmit} from page to post, which no person manages. */
  'too-fast': 10,
  /**
   * A post with no valid timestamp came from a script that never loaded the form, or from a person
   * whose page is days old (the token expired), or from a client that does not send one. Weak: the
   * person with an old tab must not land in spam for that alone, nor beside one other weak sign.
   */
  'no-form-token': 4,
  /** Nobody's name is a link; a firm that writes its website there is rare enough to need another sign. */
  'links-in-name': 7,
  /** SEO and backlink spam lists its links; customers share one photo album, two at most. */
  'many-links': 6,
  /** Keyboard mashing; weak, since short text and unusual spellings can look like it to any rule. */
  'not-words': 4,
  /**
   * The same description again after several copies: a bot's burst. Not spam alone, since a letting
   * agent may send one text for several flats; the copies before it reached staff anyway.
   */
  repeated: 6,
  /** Many people give a throwaway address to keep their inbox clean; the phone number is what we call. */
  'disposable-email': 3,
  /** A number no one can answer: junk, or a customer's slip, who may also have left an email. */
  'impossible-phone': 6,
};

/**
 * Mail services whose addresses are made to be thrown away, with every address under them. Each
 * name is also matched under any top-level domain (guerrillamail.net, yopmail.fr).
 */
const disposableDomains = [
  '10minutemail.com',
  'dispostable.com',
  'getnada.com',
  'grr.la',
  'maildrop.cc',
  'mailnesia.com',
  'sharklasers.com',
  'temp-mail.org',
  'throwawaymail.com',
  'trashmail.com',
];
const disposableNames = ['guerrillamail', 'guerrillamailblock', 'mailinator', 'yopmail'];

function isDisposableEmail(email: string): boolean {
  const labels = email.slice(email.lastIndexOf('@') + 1).toLowerCase().split('.');
  const suffixes = labels.map((_, start) => labels.slice(start).join('.'));
  return suffixes.some((domain) => disposableDomains.includes(domain)) || labels.slice(0, -1).some((name) => disposableNames.includes(name));
}

/** Seven of one digit, or seven counting up or down (…7890123…): what people type when they will not give a number. */
function hasMadeUpRun(digits: string): boolean {
  let same = 1;
  let up = 1;
  let down = 1;
  for (let at = 1; at < digits.length; at++) {
    const step = (Number(digits[at]) - Number(digits[at - 1]) + 10) % 10;
    same = step === 0 ? same + 1 : 1;
    up = step === 1 ? up + 1 : 1;
    down = step === 9 ? down + 1 : 1;
    if (Math.max(same, up, down) >= 7) return true;
  }
  return false;
}

/**
 * Whether a UK number (without its 0) could be given to anyone: it starts 1 or 2 (geographic), 3
 * (national rate), 7 (mobiles, pagers, personal numbers) or 8 (freephone and shared cost); 2, 3 and 7
 * numbers have ten digits, 1 and 8 nine or ten. 4 and 6 are unused, 5 nearly so, and 9 is premium rate.
 * Ofcom's drama ranges (020 7946 0xxx, 07700 900xxx, 01632 960xxx) pass: they are shaped like real ones.
 */
function isPossibleUkNumber(national: string): boolean {
  const first = national.charAt(0);
  if (['2', '3', '7'].includes(first)) return national.length === 10;
  return ['1', '8'].includes(first) && (national.length === 9 || national.length === 10);
}

function isImpossiblePhone(phone: string): boolean {
  const digits = phoneNumberKey(phone);
  if (!digits.startsWith('44')) return hasMadeUpRun(digits);
  const national = digits.slice(2);
  return !isPossibleUkNumber(national) || hasMadeUpRun(national);
}

/**
 * A description as it is compared with the recent ones for {@link SpamEvidence.sameTextRecently}:
 * case, spacing and punctuation ignored. Null when there is none, or it is too short to tell a burst
 * from customers who happen to write the same few words.
 */
export const spamTextKey = (quote: NewQuote): string | null => (quote.description === null ? null : textKey(quote.description));

const detectors: Record<SpamSignal, (quote: NewQuote, evidence: SpamEvidence) => boolean> = {
  honeypot: (_, { honeypotFilled }) => honeypotFilled,
  'too-fast': (_, { secondsToSubmit }) => secondsToSubmit !== null && secondsToSubmit < minimumSecondsToSubmit,
  'no-form-token': (_, { secondsToSubmit }) => secondsToSubmit === null,
  'links-in-name': ({ name }) => countLinks(name) > 0,
  'many-links': ({ description }) => description !== null && countLinks(description) >= manyLinks,
  'not-words': ({ name, description }) => isMostlyNotWords(description === null ? name : `${name}\n${description}`),
  repeated: (quote, { sameTextRecently }) => sameTextRecently >= repeatedFrom && spamTextKey(quote) !== null,
  'disposable-email': ({ email }) => email !== null && isDisposableEmail(email),
  'impossible-phone': ({ phone }) => isImpossiblePhone(phone),
};

/** How spam-like a request is, with the signals found and their weights. */
export function judgeSpam(quote: NewQuote, evidence: SpamEvidence): SpamVerdict {
  const reasons = spamSignals.filter((signal) => detectors[signal](quote, evidence)).map((signal) => ({ signal, weight: spamWeights[signal] }));
  const score = reasons.reduce((sum, reason) => sum + reason.weight, 0);
  return { score, reasons, spam: score >= spamThreshold };
}

/** Each signal as staff read it beside a request in the Spam folder. */
export const spamReasonLabels: Readonly<Record<SpamSignal, string>> = {
  honeypot: 'Filled the hidden field only bots see',
  'too-fast': `Sent less than ${minimumSecondsToSubmit} seconds after the form was opened`,
  'no-form-token': "Sent without the form's timestamp: from an old page, or not from the form",
  'links-in-name': 'Links in the name',
  'many-links': `${manyLinks} or more links in the description`,
  'not-words': 'Name and description are mostly not words',
  repeated: 'The same description came several times recently',
  'disposable-email': 'A throwaway email address',
  'impossible-phone': 'A phone number that cannot be real',
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** A reason as staff read it, with the numbers from the evidence when there is some. */
export function describeSpamReason({ signal }: SpamReason, evidence?: SpamEvidence): string {
  const seconds = evidence?.secondsToSubmit ?? null;
  if (signal === 'too-fast' && seconds !== null) {
    return seconds < 1 ? 'Sent less than a second after the form was opened' : `Sent ${plural(Math.floor(seconds), 'second')} after the form was opened`;
  }
  if (signal === 'repeated' && evidence !== undefined) {
    return `The same description came in ${plural(evidence.sameTextRecently, 'other request')} recently`;
  }
  return spamReasonLabels[signal];
}

/** How a request arrived, besides its fields: what a store weighs, with them, to judge it. */
export interface Arrival {
  /** Whether the field only bots see held anything. */
  honeypotFilled: boolean;
  /** The signed, timestamped token the form was issued with (`formTokenFieldName`); null when none came. */
  formToken: string | null;
  /** Booked through a reminder's "Book my service": the customer token of the request it repeats. */
  repeatOf?: string;
}

/** The form's field that carries its token: a hidden input in the page, sent with the fields. */
export const formTokenFieldName = 'form_token';

/** Requests judged spam stay in the Spam folder this many days, then are deleted. */
export const defaultSpamRetentionDays = 30;

/** The Spam folder's cutoff: requests it holds that arrived before this are deleted. */
export const spamRetentionCutoff = (now: Date, days: number): Date => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/**
 * A request judged spam, as staff see it: the score, its reasons, and who moved it out of the Spam
 * folder. A rescued request's `createdAt` becomes the moment it was rescued, so its response clock,
 * alerts and emails start then, as for a new request; `sentAt` keeps when it was sent.
 */
export interface SpamMark {
  score: number;
  reasons: readonly SpamReason[];
  /** When the visitor sent it. */
  sentAt: Date;
  /** Who said "Not spam" and when; null while it is in the Spam folder. */
  cleared: { by: string; at: Date } | null;
}

/** Whether a request is in the Spam folder: judged spam, and nobody has said otherwise. */
export const inSpamFolder = (quote: { spam: SpamMark | null }): boolean => quote.spam !== null && quote.spam.cleared === null;
