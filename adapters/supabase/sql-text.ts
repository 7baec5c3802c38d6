// How the generated migrations write the domain's values into SQL: every value is checked to be what
// it claims (a bare name, a whole number) or quoted, so a value in domain/ can never change the SQL.

/** Text as an SQL string literal. */
export const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** Texts as a parenthesised list of literals, for `in (...)`. */
export const literalList = (texts: readonly string[]): string => `(${texts.map(literal).join(', ')})`;

/** A column's name written bare: lower-case letters, digits and underscores only, as ours are. */
export function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain SQL name`);
  return name;
}

/** A whole number, as SQL reads it. */
export function whole(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number`);
  return String(value);
}
