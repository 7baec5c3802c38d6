// A backup sealed with a passphrase, by Node's own crypto (OpenSSL): the key is drawn from the passphrase
// by scrypt, and the bytes are sealed by AES-256-GCM in pieces of 64 KiB, each with its own nonce
// (a counter, and a mark on the last piece), so pieces cannot be reordered, dropped or cut off unseen.
//
// Header: "QBACKUPE", format 1, log2(N), r, p of scrypt, 16 bytes of salt, a 7-byte nonce prefix, then an
// HMAC-SHA-256 of all that under a second key from the passphrase (a wrong passphrase is told apart
// from an altered file, and the header is authenticated). Each piece: a 4-byte length whose top bit
// marks the last piece, the ciphertext, its 16-byte tag; the header is the associated data of every piece.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { BackupUnreadable, type ByteSink, type ByteSource, concat } from './backup-bytes';

export const encryptedMagic = new TextEncoder().encode('QBACKUPE');
const formatVersion = 1;
const pieceSize = 1 << 16;
const lastPiece = 0x8000_0000;
const tagLength = 16;
const fieldsLength = encryptedMagic.length + 4 + 16 + 7;
const checkLength = 32;

/** scrypt's cost: N = 2^17, r = 8 (128 MiB, about half a second), as OWASP advises for scrypt. */
const cost = { log2N: 17, r: 8, p: 1 };

/** The passphrase given does not open this backup. Nothing has been replaced. */
export class WrongPassphrase extends Error {
  override name = 'WrongPassphrase';
  constructor() {
    super('The passphrase (BACKUP_PASSPHRASE) does not open this backup: it is wrong, or the file was altered.');
  }
}

interface Keys {
  seal: Buffer;
  check: Buffer;
}

function deriveKeys(passphrase: string, salt: Uint8Array, { log2N, r, p }: typeof cost): Promise<Keys> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 64, { N, r, p, maxmem: 2 * 128 * N * r }, (error, key) => {
      if (error) reject(error);
      else resolve({ seal: key.subarray(0, 32), check: key.subarray(32) });
    });
  });
}

function nonceOf(prefix: Uint8Array, counter: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.set(prefix);
  nonce.writeUInt32BE(counter, 7);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** A sink that writes the header to `out`, then seals everything written to it before passing it on. */
export async function encryptingSink(out: ByteSink, passphrase: string): Promise<ByteSink> {
  const salt = randomBytes(16);
  const prefix = randomBytes(7);
  const fields = Buffer.concat([encryptedMagic, Buffer.from([formatVersion, cost.log2N, cost.r, cost.p]), salt, prefix]);
  const keys = await deriveKeys(passphrase, salt, cost);
  const header = Buffer.concat([fields, createHmac('sha256', keys.check).update(fields).digest()]);
  await out.write(header);

  let counter = 0;
  let held: Uint8Array = new Uint8Array(0);
  const seal = async (plain: Uint8Array, last: boolean) => {
    if (counter === 0xffff_ffff) throw new Error('The backup is too large to encrypt in one file');
    const cipher = createCipheriv('aes-256-gcm', keys.seal, nonceOf(prefix, counter, last), { authTagLength: tagLength });
    cipher.setAAD(header);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE((plain.length | (last ? lastPiece : 0)) >>> 0);
    await out.write(Buffer.concat([length, sealed]));
    counter += 1;
  };
  return {
    write: async (bytes) => {
      held = concat(held, bytes);
      while (held.length > pieceSize) {
        await seal(held.subarray(0, pieceSize), false);
        held = held.subarray(pieceSize);
      }
    },
    end: async () => {
      await seal(held, true);
      await out.end();
    },
    abandon: () => out.abandon(),
  };
}

/**
 * A source that opens what `sealed` holds, after its magic (already read). Throws {@link WrongPassphrase}
 * when the passphrase does not fit, {@link BackupUnreadable} when a piece was altered, dropped or cut off.
 */
export async function decryptingSource(sealed: ByteSource, passphrase: string): Promise<ByteSource> {
  const rest = await sealed.read(fieldsLength - encryptedMagic.length);
  const fields = Buffer.concat([encryptedMagic, rest]);
  const [version, log2N = 0, r = 0, p = 0] = rest;
  if (version !== formatVersion) throw new BackupUnreadable(`This backup is encrypted in format ${version}, which this version cannot read.`);
  if (log2N < 10 || log2N > 22 || r < 1 || r > 32 || p < 1 || p > 16) throw new BackupUnreadable('The backup file is damaged: its encryption header is not valid.');
  const salt = rest.subarray(4, 20);
  const prefix = rest.subarray(20, 27);
  const check = await sealed.read(checkLength);
  const keys = await deriveKeys(passphrase, salt, { log2N, r, p });
  if (!timingSafeEqual(createHmac('sha256', keys.check).update(fields).digest(), check)) throw new WrongPassphrase();
  const header = Buffer.concat([fields, check]);

  let counter = 0;
  let finished = false;
  let opened: Uint8Array = new Uint8Array(0);
  const openNext = async () => {
    if (finished) return false;
    if (await sealed.atEnd()) throw new BackupUnreadable('The backup file was cut short: its last encrypted piece is missing.');
    const lengthField = Buffer.from(await sealed.read(4)).readUInt32BE();
    const last = (lengthField & lastPiece) !== 0;
    const length = lengthField & ~lastPiece;
    if (length > pieceSize) throw new BackupUnreadable('The backup file is damaged: an encrypted piece has an impossible length.');
    const body = await sealed.read(length + tagLength);
    const decipher = createDecipheriv('aes-256-gcm', keys.seal, nonceOf(prefix, counter, last), { authTagLength: tagLength });
    decipher.setAAD(header);
    decipher.setAuthTag(body.subarray(length));
    try {
      opened = concat(opened, Buffer.concat([decipher.update(body.subarray(0, length)), decipher.final()]));
    } catch {
      throw new BackupUnreadable('The backup file was altered or is damaged: an encrypted piece does not authenticate.');
    }
    counter += 1;
    if (last) {
      finished = true;
      if (!(await sealed.atEnd())) throw new BackupUnreadable('The backup file has bytes after its last encrypted piece: it was altered.');
    }
    return true;
  };
  return {
    read: async (length) => {
      while (opened.length < length) {
        if (!(await openNext())) throw new BackupUnreadable('The backup ends too soon: it is damaged.');
      }
      const bytes = opened.subarray(0, length);
      opened = opened.subarray(length);
      return bytes;
    },
    atEnd: async () => {
      while (opened.length === 0) {
        if (!(await openNext())) return true;
      }
      return false;
    },
    close: () => sealed.close(),
  };
}
