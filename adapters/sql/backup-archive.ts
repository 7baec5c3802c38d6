// One backup is one file: the database and the other files of DATA_DIR, one after another, with a
// SHA-256 of it all at the end, so damage anywhere is found before anything is replaced.
//
// File: "QBACKUP1" then the archive, or "QBACKUPE" then the archive sealed (backup-encryption.ts).
// Archive: for each file a 4-byte length, a JSON header {"path","size"} and the file's bytes; then a
// 4-byte zero; then the SHA-256 of everything before it.
import { createHash } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import * as v from 'valibot';
import { BackupUnreadable, type ByteSink, type ByteSource, fileSink, fileSource } from './backup-bytes';
import { decryptingSource, encryptedMagic, encryptingSink } from './backup-encryption';

const plainMagic = new TextEncoder().encode('QBACKUP1');
const piece = 1 << 16;

/** A file to put in the backup: where it is now, and its path inside DATA_DIR (with `/`). */
export interface ArchiveEntry {
  path: string;
  from: string;
}

/** Writes a new backup file at `file` (it must not exist) holding `entries`, sealed when a passphrase is given. */
export async function writeBackupFile(file: string, entries: readonly ArchiveEntry[], passphrase: string | undefined): Promise<void> {
  const out = await fileSink(file);
  let sink = out;
  const hash = createHash('sha256');
  const write = async (bytes: Uint8Array) => {
    hash.update(bytes);
    await sink.write(bytes);
  };
  try {
    // A sealed file's header, which starts with its own magic, is written by the encryption.
    if (passphrase === undefined) await out.write(plainMagic);
    else sink = await encryptingSink(out, passphrase);
    for (const entry of entries) await writeEntry(entry, write);
    await write(lengthBytes(0));
    await sink.write(hash.digest());
  } catch (error) {
    await sink.abandon();
    throw error;
  }
  await sink.end();
}

async function writeEntry(entry: ArchiveEntry, write: (bytes: Uint8Array) => Promise<void>): Promise<void> {
  const input = await open(entry.from, 'r');
  try {
    const { size } = await input.stat();
    const header = new TextEncoder().encode(JSON.stringify({ path: entry.path, size }));
    await write(lengthBytes(header.length));
    await write(header);
    const buffer = new Uint8Array(piece);
    for (let done = 0; done < size; ) {
      const { bytesRead } = await input.read(buffer, 0, Math.min(piece, size - done), done);
      if (bytesRead === 0) throw new Error(`${entry.from} shrank while it was being backed up`);
      await write(buffer.slice(0, bytesRead));
      done += bytesRead;
    }
  } finally {
    await input.close();
  }
}

function lengthBytes(length: number): Uint8Array {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(length);
  return bytes;
}

const EntryHeaderSchema = v.object({
  path: v.pipe(
    v.string(),
    v.regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[^\\\0]+$/, 'a path inside DATA_DIR'),
  ),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/**
 * Reads a backup file into `into` (an empty directory), checking its SHA-256 and, if sealed, every piece's
 * tag. Returns the paths written. Throws {@link BackupUnreadable} (or WrongPassphrase) on any fault; then
 * `into` holds an unchecked partial copy the caller throws away.
 */
export async function readBackupFile(file: string, into: string, passphrase: string | undefined): Promise<string[]> {
  const raw = await fileSource(file);
  try {
    const magic = Buffer.from(await raw.read(plainMagic.length).catch(() => new Uint8Array(0)));
    let source: ByteSource;
    if (magic.equals(plainMagic)) source = raw;
    else if (magic.equals(encryptedMagic)) {
      if (passphrase === undefined) throw new BackupUnreadable('This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.');
      source = await decryptingSource(raw, passphrase);
    } else throw new BackupUnreadable(`${file} is not a backup of this product.`);
    return await readArchive(source, into);
  } finally {
    await raw.close();
  }
}

async function readArchive(source: ByteSource, into: string): Promise<string[]> {
  const hash = createHash('sha256');
  const read = async (length: number) => {
    const bytes = await source.read(length);
    hash.update(bytes);
    return bytes;
  };
  const paths: string[] = [];
  for (;;) {
    const headerLength = Buffer.from(await read(4)).readUInt32BE();
    if (headerLength === 0) break;
    if (headerLength > 4096) throw new BackupUnreadable('The backup file is damaged: a file header is impossibly long.');
    const header = parseHeader(await read(headerLength));
    if (paths.includes(header.path)) throw new BackupUnreadable(`The backup file is damaged: it holds ${header.path} twice.`);
    await copyOut(read, header.size, join(into, ...header.path.split('/')));
    paths.push(header.path);
  }
  const expected = hash.digest();
  if (!Buffer.from(await source.read(expected.length)).equals(expected)) {
    throw new BackupUnreadable('The backup file is damaged: its checksum does not match its contents.');
  }
  if (!(await source.atEnd())) throw new BackupUnreadable('The backup file has bytes after its end: it was altered.');
  return paths;
}

function parseHeader(bytes: Uint8Array) {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new BackupUnreadable('The backup file is damaged: a file header is not readable.');
  }
  const parsed = v.safeParse(EntryHeaderSchema, json);
  if (!parsed.success) throw new BackupUnreadable(`The backup file is damaged: a file header is not valid (${parsed.issues[0].message}).`);
  return parsed.output;
}

async function copyOut(read: (length: number) => Promise<Uint8Array>, size: number, to: string): Promise<void> {
  if (to.split(sep).includes('..')) throw new BackupUnreadable('The backup file names a path outside DATA_DIR.');
  await mkdir(dirname(to), { recursive: true });
  const out: ByteSink = await fileSink(to);
  try {
    for (let done = 0; done < size; ) {
      const length = Math.min(piece, size - done);
      await out.write(await read(length));
      done += length;
    }
  } catch (error) {
    await out.abandon();
    throw error;
  }
  await out.end();
}
