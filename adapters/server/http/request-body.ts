import type { Context } from 'hono';
import type { WireError } from '../../http-api/wire';

// Every route reads its body here, so no route ever stores bytes that are not UTF-8 as U+FFFD:
// such a body is refused with 400 (a JSON body), or each value it spoils is named (a form post).

/** A decoder that throws at the first byte that is not UTF-8 (a leading byte order mark is dropped). */
const strict = () => new TextDecoder('utf-8', { fatal: true });
const lenient = () => new TextDecoder('utf-8');

const invalidUtf8: WireError = { error: 'invalid-utf8', message: 'The request body is not valid UTF-8' };
const invalidJson: WireError = { error: 'invalid-json', message: 'The request body is not valid JSON' };

export type JsonBody = { ok: true; body: unknown } | { ok: false; error: WireError };

/**
 * The body as JSON, or why not: its bytes are not UTF-8, or it is not JSON. With `allowEmpty`, an
 * empty body reads as undefined rather than as bad JSON.
 */
export async function readJsonBody(c: Context, { allowEmpty = false } = {}): Promise<JsonBody> {
  // Outside the try: a body over the route's limit throws here, for its bodyLimit to answer 413.
  const bytes = await c.req.arrayBuffer();
  const text = decode(new Uint8Array(bytes));
  if (!text.readable) return { ok: false, error: invalidUtf8 };
  if (text.text === '' && allowEmpty) return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text.text) as unknown };
  } catch {
    return { ok: false, error: invalidJson };
  }
}

/** A form post's values by name, and the names of those whose bytes are not UTF-8 (shown with U+FFFD in their place). */
export interface FormBody {
  fields: Record<string, string>;
  unreadable: string[];
}

/**
 * An application/x-www-form-urlencoded body, parsed as the URL standard says (`+` is a space, `%XX`
 * a byte) but with each name and value decoded strictly: `name=%FF` is not read as "�". A name that
 * repeats keeps its first value, as a form of ours never repeats one.
 */
export async function readFormBody(c: Context): Promise<FormBody> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const fields: Record<string, string> = {};
  const unreadable: string[] = [];
  for (const pair of split(bytes, ampersand)) {
    if (pair.length === 0) continue;
    const equals = pair.indexOf(equalsSign);
    const name = decode(percentDecoded(equals < 0 ? pair : pair.subarray(0, equals)));
    const value = decode(percentDecoded(equals < 0 ? new Uint8Array() : pair.subarray(equals + 1)));
    if (Object.hasOwn(fields, name.text)) continue;
    fields[name.text] = value.text;
    if (!name.readable || !value.readable) unreadable.push(name.text);
  }
  return { fields, unreadable };
}

const ampersand = 0x26;
const equalsSign = 0x3d;
const plus = 0x2b;
const percent = 0x25;
const space = 0x20;

function split(bytes: Uint8Array, separator: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (let index = 0; index <= bytes.length; index += 1) {
    if (index === bytes.length || bytes[index] === separator) {
      parts.push(bytes.subarray(start, index));
      start = index + 1;
    }
  }
  return parts;
}

const hexValue = (byte: number | undefined): number | undefined => {
  if (byte === undefined) return undefined;
  const digit = Number.parseInt(String.fromCharCode(byte), 16);
  return Number.isNaN(digit) ? undefined : digit;
};

/** `+` as a space and `%XX` as its byte; a `%` not followed by two hex digits stays as it is. */
function percentDecoded(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] ?? 0;
    const high = byte === percent ? hexValue(bytes[index + 1]) : undefined;
    const low = high === undefined ? undefined : hexValue(bytes[index + 2]);
    if (high !== undefined && low !== undefined) {
      out.push(high * 16 + low);
      index += 2;
    } else {
      out.push(byte === plus ? space : byte);
    }
  }
  return Uint8Array.from(out);
}

function decode(bytes: Uint8Array): { text: string; readable: boolean } {
  try {
    return { text: strict().decode(bytes), readable: true };
  } catch {
    return { text: lenient().decode(bytes), readable: false };
  }
}
