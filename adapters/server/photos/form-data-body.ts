import { type PhotoError, photoFieldName, photoLimits } from '../../../domain/photos/photos';
import type { ChosenPhoto } from '../../../domain/ports/photos';

/** A multipart post's text values by name (as a form post's are), its photos, and what was wrong with them. */
export interface MultipartBody {
  fields: Record<string, string>;
  /** Names of the values whose bytes are not UTF-8, or that were cut at their limit. */
  unreadable: string[];
  photos: ChosenPhoto[];
  /** The first reason the photos as sent were refused (too many, or one too large); the rest are not kept. */
  photoError?: PhotoError;
  /** How many photo files were sent, kept or not. */
  photoCount: number;
}

export type MultipartRead = { ok: true; body: MultipartBody } | { ok: false; reason: 'too-large' | 'malformed' };

/**
 * How a host reads a request with photos: hands the body to `use`, and lets go of whatever it kept
 * once `use` is done. Our Node server streams the photos to temporary files (multipart-body.ts);
 * the hosts with no disk of theirs read the body in memory, within the same limits (below).
 */
export type MultipartReader = <T>(request: Request, use: (read: MultipartRead) => Promise<T>) => Promise<T>;

export interface MultipartLimits {
  /** The whole body, text and files. */
  requestBytes: number;
  /** Each text value. */
  fieldBytes: number;
}

/** What a request with photos may hold: five photos at their limit, and the form's text besides. */
export const multipartLimits: MultipartLimits = {
  requestBytes: photoLimits.maxCount * photoLimits.maxBytes + 64 * 1024,
  fieldBytes: 16 * 1024,
};

/** The body's bytes, or undefined once they pass `limit`: a body that does not say its length is counted as it comes. */
async function bytesWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (request.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    received += read.value.byteLength;
    if (received > limit) {
      // What is left is not read; the host closes the connection once answered.
      reader.releaseLock();
      return undefined;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a multipart/form-data body in memory with the platform's own parser, within the limits the
 * Node server streams to disk under: at most 25 MB, which an edge function and a page hold easily.
 */
export async function readFormDataBody<T>(request: Request, use: (read: MultipartRead) => Promise<T>, limits: MultipartLimits = multipartLimits): Promise<T> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.requestBytes) return use({ ok: false, reason: 'too-large' });
  const bytes = await bytesWithin(request, limits.requestBytes);
  if (bytes === undefined) return use({ ok: false, reason: 'too-large' });
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    return use({ ok: false, reason: 'malformed' });
  }
  const body: MultipartBody = { fields: {}, unreadable: [], photos: [], photoCount: 0 };
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      // A file input left empty may come as an empty value of the photos' name: no photo, and not a field.
      if (name === photoFieldName || Object.hasOwn(body.fields, name)) continue;
      // The platform decodes values leniently: a replacement character is where bytes were not UTF-8.
      body.fields[name] = value;
      if (value.includes('\uFFFD') || new TextEncoder().encode(value).byteLength > limits.fieldBytes) body.unreadable.push(name);
      continue;
    }
    // A browser sends an empty part for a file input left empty.
    if (name !== photoFieldName || value.name === '') continue;
    body.photoCount += 1;
    if (body.photoCount > photoLimits.maxCount) body.photoError ??= { kind: 'too-many', count: body.photoCount };
    else if (value.size > photoLimits.maxBytes) body.photoError ??= { kind: 'too-large', file: value.name };
    else body.photos.push(value);
  }
  // A `too-many` count said at the first extra photo is made the whole count.
  if (body.photoError?.kind === 'too-many') body.photoError = { kind: 'too-many', count: body.photoCount };
  return use({ ok: true, body });
}
