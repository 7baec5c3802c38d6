// One backup is one file that stock tools open: a tar of DATA_DIR's files with their SHA256SUMS last,
// sealed with age (age-encryption.org/v1) when there is a passphrase. By hand:
//   age -d -o backup.tar quotes-….tar.age && tar -xf backup.tar && sha256sum -c SHA256SUMS
import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { type FileHandle, mkdir, open, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createTarDecoder, createTarPacker, type TarPackController } from 'modern-tar';
import { BackupUnreadable, seal, sealedMagic, unseal, WrongPassphrase } from './backup-sealing';

/** The listing of every file's SHA-256, as `sha256sum` writes it, last in the tar. */
const checksumsName = 'SHA256SUMS';

/** A file to put in the backup: where it is now, and its path inside DATA_DIR (with `/`). */
export interface ArchiveEntry {
  path: string;
  from: string;
}

/** Writes a new backup file at `file` (it must not exist) holding `entries`, sealed when a passphrase is given. */
export async function writeBackupFile(file: string, entries: readonly ArchiveEntry[], passphrase: string | undefined): Promise<void> {
  const out = await open(file, 'wx', 0o600);
  try {
    const { readable, controller } = createTarPacker();
    const bytes = passphrase === undefined ? readable : await seal(readable, passphrase);
    await Promise.all([pack(controller, entries), bytes.pipeTo(writerTo(out))]);
    await out.sync();
  } finally {
    await out.close();
  }
}

async function pack(tar: TarPackController, entries: readonly ArchiveEntry[]): Promise<void> {
  try {
    let listing = '';
    for (const { path, from } of entries) {
      if (/[\n\\]/.test(path) || path === checksumsName) throw new Error(`Cannot back up ${from}: the backup's ${checksumsName} cannot list that name. Rename it.`);
      // A file changed after this is refused as it is read, rather than copied torn.
      const [contents, { mtime }] = await Promise.all([openAsBlob(from), stat(from)]);
      const hashed = hashing();
      await contents.stream().pipeThrough(hashed.stream).pipeTo(tar.add({ name: path, size: contents.size, mtime, mode: 0o600 }));
      listing += `${hashed.sha256()}  ${path}\n`;
    }
    const bytes = new TextEncoder().encode(listing);
    const writer = tar.add({ name: checksumsName, size: bytes.length, mode: 0o600 }).getWriter();
    await writer.write(bytes);
    await writer.close();
    tar.finalize();
  } catch (error) {
    tar.error(error);
    throw error;
  }
}

/** Writes to an open file, which stays open (Node's own stream over a FileHandle keeps it from closing). */
function writerTo(file: FileHandle): WritableStream<Uint8Array> {
  return new WritableStream({
    write: async (bytes) => {
      for (let done = 0; done < bytes.length; ) done += (await file.write(bytes, done)).bytesWritten;
    },
  });
}

/** Passes bytes on, keeping their SHA-256. */
function hashing() {
  const hash = createHash('sha256');
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      controller.enqueue(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

const tarMagic = new TextEncoder().encode('ustar');
const formerMagic = new TextEncoder().encode('QBACKUP');
const startsWith = (bytes: Uint8Array, magic: Uint8Array, at = 0) => Buffer.from(bytes.subarray(at, at + magic.length)).equals(magic);

/**
 * Reads a backup file into `into` (an empty directory), checking, when sealed, its passphrase and every
 * piece, and each file's SHA-256. Returns the paths written. Throws {@link BackupUnreadable} (or
 * WrongPassphrase) on any fault; then `into` holds an unchecked partial copy the caller throws away.
 */
export async function readBackupFile(file: string, into: string, passphrase: string | undefined): Promise<string[]> {
  try {
    const contents = await openAsBlob(file);
    const head = new Uint8Array(await contents.slice(0, 512).arrayBuffer());
    let tar: ReadableStream<Uint8Array> = contents.stream();
    if (startsWith(head, sealedMagic)) {
      if (passphrase === undefined) throw new BackupUnreadable('This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.');
      tar = await unseal(tar, passphrase);
    } else if (startsWith(head, formerMagic)) {
      throw new BackupUnreadable(`${file} is in the format of versions before backups were tar and age files: restore it with such a version, then take a new backup (README.md, Backups).`);
    } else if (!startsWith(head, tarMagic, 257)) {
      throw new BackupUnreadable(`${file} is not a backup of this product.`);
    }
    return await unpack(tar, into);
  } catch (error) {
    // A fault of the disk being written to is no fault of the backup's.
    if (error instanceof BackupUnreadable || error instanceof WrongPassphrase || (error instanceof Error && 'syscall' in error)) throw error;
    throw new BackupUnreadable(`The backup file is damaged or cut short: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const insideDataDir = /^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[^\\\0\n]+$/;

async function unpack(tar: ReadableStream<Uint8Array>, into: string): Promise<string[]> {
  const written = new Map<string, string>();
  let listing: string | undefined;
  for await (const { header, body } of tar.pipeThrough(createTarDecoder({ strict: true }))) {
    const path = header.name;
    if (header.type !== 'file' || !insideDataDir.test(path) || path.endsWith('/')) {
      throw new BackupUnreadable(`The backup file holds ${JSON.stringify(path)}, which is not a file inside DATA_DIR.`);
    }
    if (written.has(path) || (path === checksumsName && listing !== undefined)) throw new BackupUnreadable(`The backup file is damaged: it holds ${path} twice.`);
    if (path === checksumsName) listing = await new Response(body).text();
    else written.set(path, await copyOut(body, join(into, ...path.split('/'))));
  }
  if (listing === undefined) throw new BackupUnreadable(`The backup file is incomplete: it has no ${checksumsName}.`);
  const listed = new Map(
    listing
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [, sha256, path] = /^([0-9a-f]{64}) {2}(.+)$/.exec(line) ?? [];
        if (sha256 === undefined || path === undefined) throw new BackupUnreadable(`The backup file is damaged: ${checksumsName} is not readable.`);
        return [path, sha256];
      }),
  );
  for (const [path, sha256] of written) {
    if (listed.get(path) !== sha256) throw new BackupUnreadable(`The backup file is damaged: ${path} does not match its checksum.`);
  }
  const missing = [...listed.keys()].find((path) => !written.has(path));
  if (missing !== undefined) throw new BackupUnreadable(`The backup file is damaged: ${missing} is listed in ${checksumsName} but missing.`);
  return [...written.keys()];
}

/** Writes an entry's bytes to a new file, on disk before it returns their SHA-256. */
async function copyOut(body: ReadableStream<Uint8Array>, to: string): Promise<string> {
  await mkdir(dirname(to), { recursive: true });
  const out = await open(to, 'wx', 0o600);
  try {
    const hashed = hashing();
    await body.pipeThrough(hashed.stream).pipeTo(writerTo(out));
    await out.sync();
    return hashed.sha256();
  } finally {
    await out.close();
  }
}
