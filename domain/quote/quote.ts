import * as v from 'valibot';
import { describeMinutes, responsePromise } from '../business';
import { isEmailAddress } from './email-address';
import { isPhoneNumber } from './phone';
import { isInServiceArea, normalisePostcode } from './postcode';
import {
  emptyToNull,
  type FieldDescription,
  type FieldKind,
  type FieldRemark,
  noControlCharacters,
  noControlCharactersButLines,
  optionalLine,
  requiredLine,
  text,
  withinLength,
} from './field-description';
import { serviceTypeLabels, ServiceTypeSchema, serviceTypes } from './service-type';
import { heardFromLabels, heardFromValues, leadSourceFields } from './lead-source';

// The quote request: one description of its fields, and the shapes and mappings derived from it.

const badEmail = 'Enter an email address like name@example.co.uk, or leave email empty';

// A normalised postcode is at most 8 characters: EC1A 1BB.
const limits = { name: 100, email: 254, phone: 30, postcode: 8, description: 2000 } as const;
const missing = {
  name: 'Enter your name',
  phone: 'Enter a phone number we can call you on',
  serviceType: 'Choose the type of service you need',
} as const;

/**
 * The quote request's fields, in the order the form asks for them. Every mapping (to the API, the
 * form, the database's columns and back), the OpenAPI schemas, the CSV, the emails, the card and the
 * form are derived from this; a new field is added here, then shown wherever its kind needs it.
 */
export const quoteFields = {
  name: {
    name: 'name',
    kind: 'text',
    missing: missing.name,
    maxLength: limits.name,
    searchable: true,
    label: 'Name',
    control: { label: 'Full name', inputType: 'text', autoComplete: 'name', half: true },
    input: requiredLine('Name', limits.name, missing.name, v.regex(noControlCharacters, 'Name must be plain text')),
    stored: v.string(),
  },
  phone: {
    name: 'phone',
    kind: 'phone',
    missing: missing.phone,
    maxLength: limits.phone,
    searchable: true,
    label: 'Phone',
    control: { label: 'Phone number', inputType: 'tel', autoComplete: 'tel', half: true },
    input: requiredLine(
      'Phone',
      limits.phone,
      missing.phone,
      v.check(isPhoneNumber, 'Enter a UK or international phone number, like 020 7946 0123 or +44 20 7946 0123'),
    ),
    stored: v.string(),
  },
  email: {
    name: 'email',
    kind: 'email',
    maxLength: limits.email,
    searchable: true,
    label: 'Email',
    control: { label: 'Email (optional)', inputType: 'email', autoComplete: 'email', half: true },
    input: optionalLine(
      'Email',
      v.pipe(
        v.string(),
        withinLength('Email', limits.email),
        // Conservative (email-address.ts): no characters a mailto: link would read as a query.
        v.check(isEmailAddress, badEmail),
      ),
    ),
    stored: v.nullable(v.string()),
  },
  postcode: {
    name: 'postcode',
    kind: 'text',
    maxLength: limits.postcode,
    searchable: true,
    label: 'Postcode',
    cardDetail: true,
    remark: {
      applies: (postcode) => !isInServiceArea(postcode),
      heading: 'Service area',
      staff: 'Outside our usual area',
      visitor: "Your postcode is outside the area we usually cover, so we'll call to see if we can help.",
    },
    control: { label: 'Postcode (optional)', hint: 'It helps us check we cover your area.', inputType: 'text', autoComplete: 'postal-code', half: true },
    input: optionalLine(
      'Postcode',
      v.pipe(
        v.string(),
        v.check((postcode) => normalisePostcode(postcode) !== undefined, 'Enter a UK postcode like SE1 7PB, or leave postcode empty'),
        v.transform((postcode) => normalisePostcode(postcode) ?? postcode),
      ),
    ),
    stored: v.nullable(v.string()),
  },
  serviceType: {
    name: 'service_type',
    kind: 'choice',
    missing: missing.serviceType,
    searchable: false,
    label: 'Service',
    choices: serviceTypeLabels,
    control: { label: 'Service type', empty: 'Select a service' },
    input: v.pipe(text('Service type'), v.trim(), v.nonEmpty(missing.serviceType), ServiceTypeSchema),
    stored: v.picklist(serviceTypes),
  },
  description: {
    name: 'description',
    kind: 'multiline',
    maxLength: limits.description,
    searchable: true,
    label: 'Description',
    control: { label: 'Describe the job (optional)' },
    input: v.pipe(
      text('Description'),
      v.trim(),
      withinLength('Description', limits.description),
      v.regex(noControlCharactersButLines, 'Description must be plain text'),
      v.transform(emptyToNull),
    ),
    stored: v.nullable(v.string()),
  },
  heardFrom: {
    name: 'heard_from',
    kind: 'choice',
    searchable: false,
    label: 'Heard of us',
    choices: heardFromLabels,
    control: { label: 'How did you hear about us? (optional)', empty: 'Choose one' },
    // Dropped, not refused, when not on the list (a page from before the list changed, or a script):
    // a request is never held up over how its sender heard of us (decision 030).
    input: v.fallback(optionalLine('How you heard of us', v.picklist(heardFromValues)), null),
    stored: v.nullable(v.picklist(heardFromValues)),
  },
  urgent: {
    name: 'urgent',
    kind: 'flag',
    searchable: false,
    label: 'Urgent',
    control: { label: `This is an emergency: call me back within ${describeMinutes(responsePromise.urgentMinutes)}` },
    input: v.optional(v.boolean('Urgent must be true or false'), false),
    stored: v.boolean(),
  },
  ...leadSourceFields,
} as const satisfies Record<string, FieldDescription>;

type Fields = typeof quoteFields;

/** A field of the quote request, by its domain name. */
export type QuoteField = keyof Fields;

/** Every field, in the form's order. */
export const quoteFieldList = Object.keys(quoteFields) as QuoteField[];

/** A field's description as every field has one, its optional parts (a remark, choices, a limit) readable. */
export const describeField = (field: QuoteField): FieldDescription => quoteFields[field];

/** The fields a visitor must fill, in the form's order. */
export type RequiredField = { [K in QuoteField]: Fields[K] extends { missing: string } ? K : never }[QuoteField];

export const requiredFields = quoteFieldList.filter((field): field is RequiredField => 'missing' in quoteFields[field]);

/** A field whose kind is `kind`. */
export type FieldOfKind<Kind extends FieldKind> = { [K in QuoteField]: Fields[K]['kind'] extends Kind ? K : never }[QuoteField];

/** The fields the page fills in, never the visitor: where the request came from (lead-source.ts). */
export type PageField = { [K in QuoteField]: Fields[K] extends { control: unknown } ? never : K }[QuoteField];

export const pageFields = quoteFieldList.filter((field): field is PageField => describeField(field).control === undefined);

/** The fields the visitor types as text (everything but tick boxes and the page's own), in the form's order. */
export const textFields = quoteFieldList.filter(
  (field): field is Exclude<QuoteField, FieldOfKind<'flag'> | PageField> => quoteFields[field].kind !== 'flag' && describeField(field).control !== undefined,
);

/** The tick boxes, and the page's flags (stored alike). */
export const flagFields = quoteFieldList.filter((field): field is FieldOfKind<'flag'> => quoteFields[field].kind === 'flag');

/** A field staff search by. */
export type SearchableField = { [K in QuoteField]: Fields[K]['searchable'] extends true ? K : never }[QuoteField];

/** The fields staff search by, in the form's order. */
export const searchableFields = quoteFieldList.filter((field): field is SearchableField => quoteFields[field].searchable);

/** What a visitor has typed into the quote form, before any rule is applied. */
export type QuoteDraft = { [K in QuoteField]: Fields[K]['kind'] extends 'flag' ? boolean : string };

/** A quote request that passed every rule and is ready to be stored. */
export type NewQuote = { [K in QuoteField]: v.InferOutput<Fields[K]['stored']> };

/** The fields under their names outside the domain (the API, the form, the columns). */
export type NamedFields = { [K in QuoteField as Fields[K]['name']]: v.InferOutput<Fields[K]['stored']> };

/** A quote request's fields under the names the API and the database give them. */
export function toNamedFields(quote: NewQuote): NamedFields {
  return Object.fromEntries(quoteFieldList.map((field) => [quoteFields[field].name, quote[field]])) as NamedFields;
}

/** The fields back under their domain names, from a record already parsed by {@link NamedFieldsSchema}. */
export function fromNamedFields(named: NamedFields): NewQuote {
  const record = named as Record<string, unknown>;
  return Object.fromEntries(quoteFieldList.map((field) => [field, record[quoteFields[field].name]])) as NewQuote;
}

/** The entries of a valibot object schema for the stored fields, under their outside names. */
export const namedFieldsEntries = Object.fromEntries(
  quoteFieldList.map((field) => [quoteFields[field].name, quoteFields[field].stored]),
) as { [K in QuoteField as Fields[K]['name']]: Fields[K]['stored'] };

/** The outside names of every field, in the form's order: the columns a stored request has besides its id and time. */
export const namedFieldList = quoteFieldList.map((field): Fields[QuoteField]['name'] => quoteFields[field].name);

/** The domain name of the field named `name` outside, if there is one. */
export function fieldNamed(name: string): QuoteField | undefined {
  return quoteFieldList.find((field) => quoteFields[field].name === name);
}

/** A value as people read it in an email, a card or a spreadsheet: the label of a choice, Yes or No, '' for nothing. */
export function displayValue(field: QuoteField, quote: NewQuote): string {
  const value = quote[field];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null) return '';
  const description = describeField(field);
  return description.choices?.[value] ?? value;
}

/** The remark a field's value earns, if any. */
export function remarkOn(field: QuoteField, quote: NewQuote): FieldRemark | undefined {
  const { remark } = describeField(field);
  const value = quote[field];
  return remark && typeof value === 'string' && remark.applies(value) ? remark : undefined;
}

/** The fields that have a remark to make, in the form's order. */
export const remarkableFields = quoteFieldList.filter((field) => describeField(field).remark !== undefined);

/** The fields whose values earn a remark, in the form's order. */
export const remarkedFields = (quote: NewQuote): QuoteField[] => quoteFieldList.filter((field) => remarkOn(field, quote) !== undefined);

/** A stored quote request, as staff see it. */
export interface QuoteRequest extends NewQuote {
  id: string;
  createdAt: Date;
}

/** The form as it starts, and as it returns after a successful submission: empty, nothing ticked. */
export const emptyDraft = Object.fromEntries(
  quoteFieldList.map((field) => [field, quoteFields[field].kind === 'flag' ? false : '']),
) as Readonly<QuoteDraft>;

/**
 * A field of the quote form that people never see or fill: a request that fills it comes from a
 * bot, and is answered as if stored, and dropped.
 */
export const honeypotFieldName = 'website';
