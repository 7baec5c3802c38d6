import * as v from 'valibot';
import { business } from '../business';
import { alertSteps } from './alert-plan';
import { outwardCodeOf } from '../quote/postcode';
import type { QuoteRequest } from '../quote/quote';
import { describeDuration } from '../inbox/response-clock';
import { serviceTypeLabels, ServiceTypeSchema } from '../quote/service-type';
import { gasCopy } from '../safety/gas-copy';
import { quoteCopy } from '../priced-quote/quote-copy';
import { gasReportOf } from '../safety/gas-report';
import { gasReports } from '../safety/gas-report-kind';

/**
 * What an alert about a request tells a phone, and all it tells: no phone number, email or
 * description, since a push message passes through a push service we do not run. Staff open the
 * request in the inbox for the rest.
 */
export const RequestAlertSchema = v.object({
  kind: v.literal('request'),
  quoteId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  step: v.picklist(alertSteps),
  service: ServiceTypeSchema,
  urgent: v.boolean(),
  /** The postcode district ("SE1"), if the visitor gave a postcode. */
  district: v.nullable(v.pipe(v.string(), v.maxLength(4))),
  firstName: v.pipe(v.string(), v.maxLength(40)),
  /** A gas smell or carbon monoxide its description reports (gas-report.ts): the mark alone, never the words. */
  gas: v.exactOptional(v.picklist(gasReports)),
  /** When the request arrived (ISO 8601), so the phone can say how long it has waited when it shows it. */
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  /** A single-use signed token that takes the request for the alert's recipient ("I'm on it"). */
  take: v.optional(v.pipe(v.string(), v.maxLength(512))),
});
export type RequestAlert = v.InferOutput<typeof RequestAlertSchema>;

/**
 * A customer wrote through their link about an urgent request still open: the same few facts as a
 * request's alert, and never the message itself, which staff read on the card.
 */
const MessageAlertSchema = v.object({
  kind: v.literal('customer-message'),
  quoteId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  service: ServiceTypeSchema,
  urgent: v.boolean(),
  district: v.nullable(v.pipe(v.string(), v.maxLength(4))),
  firstName: v.pipe(v.string(), v.maxLength(40)),
});
export type MessageAlert = v.InferOutput<typeof MessageAlertSchema>;

/** A customer accepted their priced quote on their page: who (their first name) and its total, nothing more. */
const QuoteAcceptedAlertSchema = v.object({
  kind: v.literal('quote-accepted'),
  quoteId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  firstName: v.pipe(v.string(), v.maxLength(40)),
  totalPence: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type QuoteAcceptedAlertMessage = v.InferOutput<typeof QuoteAcceptedAlertSchema>;

/** What "Send a test alert" sends: proof that the chain reaches this device. */
const TestAlertSchema = v.object({ kind: v.literal('test'), sentAt: v.pipe(v.string(), v.isoTimestamp()) });
export type TestAlert = v.InferOutput<typeof TestAlertSchema>;

export const AlertMessageSchema = v.variant('kind', [RequestAlertSchema, MessageAlertSchema, QuoteAcceptedAlertSchema, TestAlertSchema]);
export type AlertMessage = v.InferOutput<typeof AlertMessageSchema>;

const firstNameMaxLength = 40;

/** The first word of the visitor's name, as a phone's lock screen can show it. */
export const firstNameOf = (name: string): string => Array.from(name.trim().split(/\s+/)[0] ?? '').slice(0, firstNameMaxLength).join('');

/** The alert about one request at one step, with nothing a lock screen should not show. */
export function requestAlertOf(
  quote: Pick<QuoteRequest, 'id' | 'serviceType' | 'urgent' | 'postcode' | 'name' | 'createdAt' | 'description'>,
  step: RequestAlert['step'],
): RequestAlert {
  const gas = gasReportOf(quote.description);
  return {
    kind: 'request',
    quoteId: quote.id,
    step,
    service: quote.serviceType,
    urgent: quote.urgent,
    district: quote.postcode === null ? null : outwardCodeOf(quote.postcode),
    firstName: firstNameOf(quote.name),
    ...(gas !== null && { gas }),
    createdAt: quote.createdAt.toISOString(),
  };
}

/** The alert that a customer wrote about a request, with nothing a lock screen should not show. */
export function messageAlertOf(quote: Pick<QuoteRequest, 'id' | 'serviceType' | 'urgent' | 'postcode' | 'name'>): MessageAlert {
  return {
    kind: 'customer-message',
    quoteId: quote.id,
    service: quote.serviceType,
    urgent: quote.urgent,
    district: quote.postcode === null ? null : outwardCodeOf(quote.postcode),
    firstName: firstNameOf(quote.name),
  };
}

/** The alert that a customer accepted their quote at `totalPence`. */
export function quoteAcceptedAlertOf(quote: Pick<QuoteRequest, 'id' | 'name'>, totalPence: number): QuoteAcceptedAlertMessage {
  return { kind: 'quote-accepted', quoteId: quote.id, firstName: firstNameOf(quote.name), totalPence };
}

/** The action on a request's notification that takes it on without opening the inbox. */
export const takeActionTitle = "I'm on it";

/** "URGENT · Gas smell reported · Emergency Plumbing · SE1": what the request is, in the notification's title. */
export function alertTitle(alert: AlertMessage): string {
  if (alert.kind === 'test') return `Test alert · ${business.shortName}`;
  if (alert.kind === 'quote-accepted') return quoteCopy.acceptedAlert.title;
  if (alert.kind === 'customer-message') return [`Message from ${alert.firstName === '' ? 'a customer' : alert.firstName}`, alert.urgent ? 'URGENT' : undefined].filter((part) => part !== undefined).join(' · ');
  return [alert.urgent ? 'URGENT' : undefined, alert.gas && gasCopy.staffMark[alert.gas], serviceTypeLabels[alert.service], alert.district ?? undefined]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** "Tom · waiting 2 min": who, and how long they have waited at `now`, in the notification's body. */
export function alertBody(alert: AlertMessage, now: Date): string {
  if (alert.kind === 'test') return 'Alerts reach this device. Requests will show here like this.';
  if (alert.kind === 'quote-accepted') return quoteCopy.acceptedAlert.body(alert.firstName, alert.totalPence);
  if (alert.kind === 'customer-message') return [serviceTypeLabels[alert.service], alert.district ?? undefined, 'open the request to read it'].filter((part) => part !== undefined).join(' · ');
  const minutes = (now.getTime() - Date.parse(alert.createdAt)) / 60_000;
  return `${alert.firstName === '' ? 'New request' : alert.firstName} · waiting ${describeDuration(minutes)}`;
}

/** Where tapping a request's notification goes: that request on the inbox. */
export const alertTarget = (alert: AlertMessage): string => (alert.kind === 'test' ? '/quotes' : `/quotes?id=${encodeURIComponent(alert.quoteId)}`);

/**
 * The notification's tag: a newer alert about the same request replaces the older one on the device,
 * as the push service's Topic does for one still waiting to be delivered.
 */
export const alertTag = (alert: AlertMessage): string =>
  alert.kind === 'test' ? 'test-alert' : alert.kind === 'customer-message' ? `quote-${alert.quoteId}-message` : alert.kind === 'quote-accepted' ? `quote-${alert.quoteId}-accepted` : `quote-${alert.quoteId}`;
