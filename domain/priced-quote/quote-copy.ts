import { standingWords } from './quote-standing-copy';
import { business } from '../business';
import { quoteSettings } from '../quote-settings';
import { describeDay } from '../reminders/service-words';
import { formatPrice, type VatRate, vatRatePercents } from './quote-pricing';
import type { QuoteStanding } from './priced-quote';
import type { LostReason } from '../inbox/job-outcome';

// Every text of a priced quote: on the customer's page, in its emails and on the card. What the law
// asks of it is in docs/quote-rules.md, with its sources.

const { registeredAddress } = business.company;
const traderAddress = `${business.company.registeredName}, ${registeredAddress.streetAddress}, ${registeredAddress.locality} ${registeredAddress.postcode}`;

export const quoteCopy = {
  heading: (version: number) => `Your quote (version ${version})`,
  total: 'Total to pay',
  totalIncludingVat: 'Total including VAT',
  noVat: 'We are not VAT registered, so no VAT is charged.',
  vatNumber: `VAT number ${quoteSettings.vatNumber}`,
  lineHeadings: { description: 'Work', quantity: 'Qty', unit: 'Unit price', vat: 'VAT', amount: 'Amount' },
  vatRate: (rate: VatRate) => `${vatRatePercents[rate]}%`,
  vatAtRate: (rate: VatRate) => `VAT at ${vatRatePercents[rate]}%`,
  netTotal: 'Total before VAT',
  validUntil: (day: string) => `Valid until ${describeDay(day, 'long')}`,
  terms: 'Our terms',
  print: 'Print or save as PDF',
  /** The order button (Consumer Contracts Regulations 2013, reg. 14(3)): it says the customer agrees to pay. */
  accept: (totalPence: number) => `Accept and agree to pay ${formatPrice(totalPence)}`,
  earlyStart: 'Please start the work within the 14-day cancellation period',
  earlyStartMeans:
    'If you tick this and then cancel within the 14 days, you pay for the work we have done up to the time you tell us. If the work is finished by then, you pay for all of it.',
  decline: 'No thanks',
  declineReason: 'Tell us why, if you like',
  declineReasonNone: 'Rather not say',
  /** The lost reasons a customer may give, in their words (the others are staff's: no answer, not our job, out of area). */
  declineReasons: { price: 'The price', 'went-elsewhere': 'I have chosen someone else', other: 'Another reason' } satisfies Partial<Record<LostReason, string>>,
  /** Where the customer's page tells them why the version they read cannot be answered. */
  cannotAccept: 'This quote can no longer be accepted',
  olderVersions: 'Earlier versions',
  olderVersion: (version: number) => `Version ${version}`,
  askAgain: 'Ask for a new quote',
  askAgainMessage: (version: number) => `Please send me a new quote: version ${version} can no longer be accepted.`,
  replacedBy: (version: number) => `Replaced by version ${version}`,
  accepted: (totalPence: number, on: string) => `You accepted this quote on ${describeDay(on, 'long')}: ${formatPrice(totalPence)}. We will be in touch to arrange the work.`,
  acceptedEarly: 'You asked us to start the work within the 14-day cancellation period.',
  declined: 'You said no to this quote. Thank you for letting us know.',
  expired: (day: string) => `This quote was valid until ${describeDay(day, 'long')}, so it can no longer be accepted.`,
  replaced: (version: number) => `This quote was replaced by version ${version}, so it can no longer be accepted.`,
  movedOn: `This quote can no longer be answered here. Please call us on ${business.phone.display}.`,
  answeredAlready: { accepted: 'You have already accepted this quote.', declined: 'You have already said no to this quote.' },
  /** Staff's alert, on their phones, when a customer accepts: "Quote accepted", "Tom · £1,254.00". */
  acceptedAlert: { title: 'Quote accepted', body: (firstName: string, totalPence: number) => `${firstName === '' ? 'A customer' : firstName} · ${formatPrice(totalPence)}` },
  toasts: { accepted: 'Quote accepted', declined: 'Thank you: we have closed your request', askedAgain: 'We have asked for a new quote' },
  /** The right to cancel (Consumer Contracts Regulations 2013, Schedule 2, Part A's model instructions, for a service). */
  cancellation: {
    heading: 'Your right to cancel',
    paragraphs: [
      'You have the right to cancel this contract within 14 days without giving any reason. The cancellation period will expire after 14 days from the day you accept this quote.',
      `To cancel, you must tell us (${traderAddress}; ${business.phone.display}; ${business.email}) of your decision by a clear statement, such as a letter sent by post or an email. You may use the model cancellation form below, but you do not have to.`,
      'To meet the cancellation deadline, it is enough for you to send us your message that you are cancelling before the 14 days have passed.',
      'If you cancel, we will refund all payments received from you without undue delay, and no later than 14 days after the day we are told of your decision, by the same means of payment you used, at no cost to you.',
      'If you asked us to start the work during the cancellation period, you pay us an amount in proportion to what we have done up to the time you tell us that you are cancelling, compared with the full work.',
    ],
    urgent: 'You asked us for an urgent repair, and the right to cancel does not apply to a visit you asked for to carry out urgent repairs (regulation 28(1)(e)). It applies to the rest of this quote.',
    formHeading: 'Model cancellation form',
    formIntro: 'Complete and return this form only if you wish to cancel the contract.',
    form: [
      `To: ${traderAddress}. Email: ${business.email}`,
      'I/We hereby give notice that I/We cancel my/our contract for the supply of the following service: ____________',
      'Accepted on: ____________',
      'Name of consumer(s): ____________',
      'Address of consumer(s): ____________',
      'Signature of consumer(s) (only if this form is sent on paper): ____________',
      'Date: ____________',
    ],
  },
  /** The customer's three emails of a quote (adapters/email/quote-email.ts): the quote sent, its one follow-up, the confirmation of a yes. */
  emails: {
    sentSubject: (totalPence: number, vatRegistered: boolean) => `Your quote from ${business.name}: ${formatPrice(totalPence)}${vatRegistered ? ' including VAT' : ''}`,
    sentIntro: (version: number) =>
      version === 1 ? 'Here is your quote for the work we talked about.' : `Here is your updated quote (version ${version}). It replaces the one we sent before.`,
    read: 'Read your quote, and accept it or say no thanks',
    readButton: 'See your quote',
    validUntil: (day: string) => `It is valid until ${describeDay(day, 'long')}.`,
    questions: `Any questions? Reply to this email or call us on ${business.phone.display}.`,
    followUpSubject: `Your quote from ${business.name}`,
    followUp: (totalPence: number, day: string) =>
      `We sent you a quote of ${formatPrice(totalPence)} a few days ago. If you would like us to do the work, you can accept it online until ${describeDay(day, 'long')}.`,
    followUpNoNeed: 'If you have decided against it, you need not reply.',
    acceptedSubject: (totalPence: number) => `Quote accepted: ${formatPrice(totalPence)}, ${business.name}`,
    acceptedIntro: (on: string) => `Thank you: you accepted our quote on ${describeDay(on, 'long')}. We will be in touch to arrange the work.`,
    acceptedLines: 'What you accepted',
    earlyStart: 'You asked us to start the work within the 14-day cancellation period. If you cancel within it, you pay for the work done up to the time you tell us.',
    noEarlyStart: 'You did not ask us to start within the 14-day cancellation period, so we will not start the work before it ends unless you ask us to.',
    keep: 'Please keep this email: it is the record of what you agreed.',
    lineText: (description: string, quantity: number, unit: string, vat: string, amount: string) => `${description}: ${String(quantity)} × ${unit}${vat === '' ? '' : `, VAT ${vat}`} = ${amount}`,
  },
  /** How the card and the Quoted view say where a version stands. */
  standing: standingWords satisfies Record<QuoteStanding, string>,
  /** What staff read and press on a request's card as they write and send its quote. */
  staff: {
    draftOf: (version: number) => `Version ${version}, draft`,
    sentVersion: (version: number) => `Version ${version}, sent`,
    earlier: 'Earlier versions',
    earlierVersion: (version: number, totalPence: number) => `Version ${version}: ${formatPrice(totalPence)}`,
    lines: 'Lines',
    description: 'Work',
    quantity: 'Quantity',
    unitPrice: 'Unit price before VAT (£)',
    unitPriceNoVat: 'Unit price (£)',
    vat: 'VAT rate',
    lineLabel: (index: number) => `Line ${index + 1}`,
    addLine: 'Add a line',
    removeLine: (index: number) => `Remove line ${index + 1}`,
    validUntil: 'Valid until',
    terms: 'Our terms, on every quote',
    save: 'Save draft',
    send: 'Send to customer',
    replace: 'Replace with a new version',
    cancelReplace: 'Keep the version sent',
    unitPriceHint: 'Write the unit price in pounds, such as 450 or 1,250.50',
    byLinkOnly:
      'This customer gave no email address: the quote is on their page only. Give them their link, by text or on the phone, so they can read and accept it.',
    sentByEmail: (email: string) => `Sending it emails ${email} a link to the customer's page, where they read and accept it.`,
  },
} as const;

export { describeQuoteStanding } from './quote-standing-copy';
