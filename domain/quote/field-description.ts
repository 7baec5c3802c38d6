import * as v from 'valibot';
import { withoutInvisibleCharacters } from './invisible-characters';

// What a field of a form the business keeps is made of, and the rules most fields are built from.

/**
 * How a field is typed and shown: a line of text, a phone number (searched by its digits too, called
 * by a tel: link), an email address (written to by a mailto: link), text over several lines, one of a
 * list of choices, or a tick box.
 */
export type FieldKind = 'text' | 'phone' | 'email' | 'multiline' | 'choice' | 'flag';

/** What the form needs to draw a field's control. */
interface FieldControl {
  /** The label above the control. */
  label: string;
  /** A line under the control, saying why we ask. */
  hint?: string;
  /** The input's type, for a text field (the keyboard a phone shows). */
  inputType?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  /** Laid out beside the next such field on a wide screen. */
  half?: boolean;
  /** For a choice: what its empty first option says. */
  empty?: string;
}

/** Everything the code needs to know of one field of a quote request, in one place. */
export interface FieldDescription {
  /** The field's name outside the domain: in the API, in the HTML form and as the database's column. */
  name: string;
  kind: FieldKind;
  /** Must be filled: 'Missing Information' when it is not, with this message beside the field. */
  missing?: string;
  /** The most characters a text may have; the browser, the server and every database hold to it. */
  maxLength?: number;
  /** Whether staff find a request by words of this field. */
  searchable: boolean;
  /** What the field is called in emails, on the inbox's card and as the CSV's heading. */
  label: string;
  /** For a choice: each value's label. */
  choices?: Readonly<Record<string, string>>;
  /** Listed among the card's details: a field with no place of its own there (the name heads it, and so on). */
  cardDetail?: boolean;
  /** Something about a value staff should notice, and the visitor should hear when they send it. */
  remark?: FieldRemark;
  /** How the form draws it; none for a part of where the request came from, which the page fills in (lead-source.ts). */
  control?: FieldControl;
  /** The rules a value must pass, as sent: trimmed, required or null when empty, within limits. */
  input: v.GenericSchema<unknown, unknown>;
  /** What a stored value looks like when read back from any store. */
  stored: v.GenericSchema<unknown, unknown>;
}

/** A value worth a word: flagged to staff on the card, in the business email and the CSV, and told to the visitor. */
export interface FieldRemark {
  applies: (value: string) => boolean;
  /** The CSV's heading for the column that says it. */
  heading: string;
  /** The flag staff see. */
  staff: string;
  /** One sentence added to the visitor's thanks. */
  visitor: string;
}

// Half of a surrogate pair alone (JSON's "\ud800") is no character: every store would keep it as U+FFFD.
const wellFormed = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** Text a visitor may leave out: missing or null reads as empty; anything but text names its field. */
export const text = (label: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((value) => value ?? ''),
    v.regex(wellFormed, `${label} must be text`),
  );
const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');
export const emptyToNull = (value: string): string | null => (value === '' ? null : value);
export const withinLength = (label: string, max: number) =>
  v.maxLength<string, number, string>(max, `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`);
// Control characters have no place in a name or a phone number; tabs and newlines in a description do.
export const noControlCharacters = /^[^\p{Cc}]*$/u;
export const noControlCharactersButLines = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;
/** A line of text (a name, a phone number, an address), without the characters nobody sees: invisible-characters.ts. */
const line = (label: string) => v.pipe(text(label), v.transform(withoutInvisibleCharacters));
/** A required line of text: invisible characters dropped, spaces collapsed, filled in, within its limit, then its own rule. */
export const requiredLine = (label: string, max: number, missingMessage: string, rule: v.PipeAction<string, string, v.BaseIssue<unknown>>) =>
  v.pipe(line(label), v.transform(collapseSpaces), v.nonEmpty(missingMessage), withinLength(label, max), rule);

/**
 * Text someone writes to the other side (a staff note, a customer's message): trimmed, not empty, within
 * its limit, plain text with lines.
 */
export const writtenText = (label: string, max: number, emptyMessage: string) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.nonEmpty(emptyMessage), withinLength(label, max), v.regex(noControlCharactersButLines, `${label} must be plain text`));

/** An optional line of text: invisible characters dropped, trimmed, null when blank, otherwise held to `rules`. */
export const optionalLine = <Output>(label: string, rules: v.GenericSchema<string, Output>) =>
  v.pipe(line(label), v.trim(), v.transform(emptyToNull), v.nullable(rules));
