// JavaScript's Unicode character classes (\p{L}, \s, …) written out for PostgreSQL, whose regular
// expressions have no \p{…} and whose [[:alpha:]] is whatever the server's C library says. Each class
// is the code points the running JavaScript engine puts in it, as ranges of \u and \U escapes, so
// the SQL judges text by the same tables as the domain's rules (adapters/supabase/spam-functions-sql.ts).

const highestCodePoint = 0x10ffff;

/** Surrogates are no characters of their own: PostgreSQL's text never holds one alone. */
const isSurrogate = (codePoint: number) => codePoint >= 0xd800 && codePoint <= 0xdfff;

const escape = (codePoint: number): string =>
  codePoint <= 0xffff ? `\\u${codePoint.toString(16).padStart(4, '0')}` : `\\U${codePoint.toString(16).padStart(8, '0')}`;

const classCache = new Map<string, string>();

/**
 * The inside of a bracket expression (no brackets) holding every code point `pattern` (a one-character
 * JavaScript class with the u flag, such as /\p{L}/u) matches, as ranges. Put it in brackets, beside
 * other members, or after ^ to negate it.
 */
export function unicodeClassSql(pattern: RegExp): string {
  const cached = classCache.get(pattern.source);
  if (cached !== undefined) return cached;
  const ranges: string[] = [];
  let start: number | undefined;
  const close = (end: number) => {
    if (start === undefined) return;
    ranges.push(start === end ? escape(start) : `${escape(start)}-${escape(end)}`);
    start = undefined;
  };
  const anchored = new RegExp(`^(?:${pattern.source})$`, 'u');
  for (let codePoint = 0; codePoint <= highestCodePoint; codePoint++) {
    const inClass = !isSurrogate(codePoint) && anchored.test(String.fromCodePoint(codePoint));
    if (inClass) start ??= codePoint;
    else close(codePoint - 1);
  }
  close(highestCodePoint);
  const text = ranges.join('');
  classCache.set(pattern.source, text);
  return text;
}
