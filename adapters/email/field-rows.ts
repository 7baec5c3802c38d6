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

/** The rows of every field of a request, in the form's order, for the business's email. */
export function fieldRows(quote: NewQuote, { remarks = false }: RowOptions = {}): FieldRow[] {
  return quoteFieldList.map((field) => (remarks ? remarked(field, quote, fieldRow(field, quote)) : fieldRow(field, quote)));
}

/** Rows as plain-text lines, "Label: value". */
export const textLines = (rows: readonly FieldRow[]): string[] => rows.map(({ label, text }) => `${label}:${text.startsWith('\n') ? '' : ' '}${text}`);

/** Rows for an email's HTML table. */
export const htmlRows = (rows: readonly FieldRow[]): DetailRow[] => rows.map(({ label, html }) => [label, html]);
