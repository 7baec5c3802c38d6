import { mailtoHref } from '../../domain/quote/email-address';
import { telHref } from '../../domain/quote/phone';
import {
  describeField,
  displayValue,
  type NewQuote,
  type QuoteField,
  quoteFieldList,
  remarkOn,
} from '../../domain/quote/quote';
import { cameFromLabel, describeLeadSource } from '../../domain/quote/lead-channel';
import { link, type DetailRow } from './email-layout';
import { html, multiline } from './html';

/** One field of a request as an email shows it: its label, and its value as text and as HTML. */
interface FieldRow {
  label: string;
  /** The value on the plain-text line, after "Label:"; a multiline value starts on a line of its own. */
  text: string;
  html: DetailRow[1];
}

/** How each kind of field reads in an email: a phone number can be called, an address written to. */
function fieldRow(field: QuoteField, quote: NewQuote): FieldRow {
  const description = describeField(field);
  const value = quote[field];
  const { label } = description;
  if (typeof value === 'boolean') return { label, text: value ? 'yes' : 'no', html: value ? 'yes' : 'no' };
  if (value === null || value === '') {
    const nothing = description.kind === 'multiline' ? 'none' : 'not given';
    return { label, text: nothing, html: nothing };
  }
  switch (description.kind) {
    case 'phone':
      return { label, text: `${value} (${telHref(value)})`, html: link(telHref(value), value) };
    case 'email':
      return { label, text: `${value} (${mailtoHref(value)})`, html: link(mailtoHref(value), value) };
    case 'multiline':
      return { label, text: `\n${value}`, html: multiline(value) };
    default:
      return { label, text: displayValue(field, quote), html: displayValue(field, quote) };
  }
}

/** A row with the remark its value earns, for staff: "SE15 3AB (Outside our usual area)". */
function remarked(field: QuoteField, quote: NewQuote, row: FieldRow): FieldRow {
  const remark = remarkOn(field, quote);
  if (remark === undefined) return row;
  return { ...row, text: `${row.text} (${remark.staff})`, html: html`${row.html} <strong>(${remark.staff})</strong>` };
}

interface RowOptions {
  /** Add what staff should notice about a value. */
  remarks?: boolean;
}

/** The fields the visitor filled in: where the request came from is told as one row, for staff. */
const visitorFields = quoteFieldList.filter((field) => describeField(field).control !== undefined);

/** The rows of every field the visitor filled, in the form's order; with `remarks`, for staff, where it came from too. */
export function fieldRows(quote: NewQuote, { remarks = false }: RowOptions = {}): FieldRow[] {
  if (!remarks) return visitorFields.map((field) => fieldRow(field, quote));
  const cameFrom = describeLeadSource(quote);
  return [...visitorFields.map((field) => remarked(field, quote, fieldRow(field, quote))), { label: cameFromLabel, text: cameFrom, html: cameFrom }];
}

/** Rows as plain-text lines, "Label: value". */
export const textLines = (rows: readonly FieldRow[]): string[] => rows.map(({ label, text }) => `${label}:${text.startsWith('\n') ? '' : ' '}${text}`);

/** Rows for an email's HTML table. */
export const htmlRows = (rows: readonly FieldRow[]): DetailRow[] => rows.map(({ label, html }) => [label, html]);
