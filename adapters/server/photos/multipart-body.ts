import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type PhotoError, photoFieldName, photoLimits } from '../../../domain/photos/photos';
import type { ChosenPhoto } from '../../../domain/ports/photos';
import { type MultipartBody, type MultipartLimits, multipartLimits, type MultipartRead } from './form-data-body';

/** One photo as it was sent, kept in a temporary file until the request is answered. */
interface UploadedPhoto extends ChosenPhoto {
  readonly path: string;
}

class BodyTooLarge extends Error {}

/**
 * Reads a multipart/form-data body as it streams in, writing each photo to a temporary file under
 * `root` and never holding a whole file in memory. A file over the per-file limit, or past the
 * count, is drained and noted, not kept. Hands the body to `use`, and removes every file it wrote
 * once `use` is done, or the client went away, or the body was refused.
 */
export async function withMultipartBody<T>(
  request: Request,
  { root, limits = multipartLimits }: { root: string; limits?: MultipartLimits },
  use: (read: MultipartRead) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.requestBytes) return use({ ok: false, reason: 'too-large' });
  const dir = await mkdtemp(join(root, 'quote-uploads-'));
  try {
    return await use(await readInto(dir, request, limits));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readInto(dir: string, request: Request, limits: MultipartLimits): Promise<MultipartRead> {
  const contentType = request.headers.get('content-type') ?? '';
  let parser: busboy.Busboy;
  try {
    // Values as latin1, one character per byte, so they can be judged as UTF-8 strictly below.
    parser = busboy({
      headers: { 'content-type': contentType },
      defCharset: 'latin1',
      defParamCharset: 'utf8',
      limits: { fieldSize: limits.fieldBytes, fields: 50, fileSize: photoLimits.maxBytes, parts: 100 },
    });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const body: MultipartBody = { fields: {}, unreadable: [], photos: [], photoCount: 0 };
  const uploaded: UploadedPhoto[] = [];
  const writes: Promise<void>[] = [];
  const refuse = (error: PhotoError) => {
    body.photoError ??= error;
  };

  parser.on('field', (name, value, info) => {
    if (Object.hasOwn(body.fields, name)) return;
    const text = decodeStrictly(Buffer.from(value, 'latin1'));
    body.fields[name] = text.text;
    if (!text.readable || info.valueTruncated) body.unreadable.push(name);
  });
  parser.on('file', (name, stream, info) => {
    // A browser sends an empty part for a file input left empty.
    if (name !== photoFieldName || info.filename === undefined || info.filename === '') {
      stream.resume();
      return;
    }
    body.photoCount += 1;
    const file = info.filename;
    if (body.photoCount > photoLimits.maxCount) {
      refuse({ kind: 'too-many', count: body.photoCount });
      stream.resume();
      return;
    }
    const path = join(dir, String(body.photoCount));
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    stream.on('limit', () => refuse({ kind: 'too-large', file }));
    writes.push(
      pipeline(stream, createWriteStream(path)).then(() => {
        if (stream.truncated) return;
        uploaded.push({
          path,
          name: file,
          type: info.mimeType,
          size,
          arrayBuffer: async () => {
            const bytes = await readFile(path);
            return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
          },
        });
      }),
    );
  });

  if (request.body === null) return { ok: false, reason: 'malformed' };
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > limits.requestBytes ? new BodyTooLarge() : null, chunk);
    },
  });
  try {
    // @ts-expect-error -- the DOM's ReadableStream type and node:stream/web's differ only in typing
    await pipeline(Readable.fromWeb(request.body), counter, parser);
    await Promise.all(writes);
  } catch (cause) {
    await Promise.allSettled(writes);
    if (cause instanceof BodyTooLarge) return { ok: false, reason: 'too-large' };
    return { ok: false, reason: 'malformed' };
  }
  // A `too-many` count said at the first extra photo is made the whole count.
  if (body.photoError?.kind === 'too-many') body.photoError = { kind: 'too-many', count: body.photoCount };
  uploaded.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
  return { ok: true, body: { ...body, photos: uploaded } };
}

function decodeStrictly(bytes: Uint8Array): { text: string; readable: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), readable: true };
  } catch {
    return { text: new TextDecoder('utf-8').decode(bytes), readable: false };
  }
}
