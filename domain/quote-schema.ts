import * as v from 'valibot';
import { isPhoneNumber } from './phone';
import type { NewQuote, QuoteDraft, RequiredField } from './quote';
import { quoteLimits } from './quote-limits';
import { ServiceTypeSchema } from './service-type';

/** What each required field says when it is left empty. */
export const missingFieldMessages: Readonly<Record<RequiredField, string>> = {
  name: 'Enter your name',
  phone: 'Enter a phone number we can call you on',
  serviceType: 'Choose the type of service you need',
};

const badEmail = 'Enter an email address like name@example.co.uk, or leave email empty';

/** Text a visitor may leave out: missing or null reads as empty; anything but text names its field. */
const text = (field: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${field} must be text`)), ''),
    v.transform((value) => value ?? ''),
  );
const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');
const emptyToNull = (value: string): string | null => (value === '' ? null : value);
const formatted = (max: number) => max.toLocaleString('en-GB');
// Control characters have no place in a name or a job description; tabs and newlines in a description do.
const noControlCharacters = /^[^\p{Cc}]*$/u;
const noControlCharactersButLines = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;

/**
 * The one set of rules for a quote request, shared by the browser, the server and the edge function:
 * values trimmed, name, phone and service type required, email and description null when blank.
 */
export const QuoteInputSchema = v.object({
  name: v.pipe(
    text('Name'),
    v.transform(collapseSpaces),
    v.nonEmpty(missingFieldMessages.name),
    v.maxLength(quoteLimits.nameMax, `Name must be ${formatted(quoteLimits.nameMax)} characters or fewer`),
    v.regex(noControlCharacters, 'Name must be plain text'),
  ),
  email: v.pipe(
    text('Email'),
    v.trim(),
    v.transform(emptyToNull),
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(quoteLimits.emailMax, `Email must be ${formatted(quoteLimits.emailMax)} characters or fewer`),
        v.rfcEmail(badEmail),
        // RFC 5322 allows "name@localhost"; mail to a business customer always has a dotted domain.
        v.regex(/@[^@]*\.[^@.]+$/, badEmail),
      ),
    ),
  ),
  phone: v.pipe(
    text('Phone'),
    v.transform(collapseSpaces),
    v.nonEmpty(missingFieldMessages.phone),
    v.maxLength(quoteLimits.phoneMax, `Phone must be ${formatted(quoteLimits.phoneMax)} characters or fewer`),
    v.check(isPhoneNumber, 'Enter a UK or international phone number, like 020 7946 0123 or +44 20 7946 0123'),
  ),
  serviceType: v.pipe(text('Service type'), v.trim(), v.nonEmpty(missingFieldMessages.serviceType), ServiceTypeSchema),
  description: v.pipe(
    text('Description'),
    v.trim(),
    v.maxLength(
      quoteLimits.descriptionMax,
      `Description must be ${formatted(quoteLimits.descriptionMax)} characters or fewer`,
    ),
    v.regex(noControlCharactersButLines, 'Description must be plain text'),
    v.transform(emptyToNull),
  ),
  urgent: v.optional(v.boolean('Urgent must be true or false'), false),
});

/** A stored or validated request back in the form's shape: nulls become empty text. */
export function toDraft(quote: NewQuote): QuoteDraft {
  return {
    name: quote.name,
    email: quote.email ?? '',
    phone: quote.phone,
    serviceType: quote.serviceType,
    description: quote.description ?? '',
    urgent: quote.urgent,
  };
}
