// A backup sealed with a passphrase is an age file (age-encryption.org/v1): `age -d` opens it.
import { createCipheriv, randomBytes, scrypt } from 'node:crypto';
import { Decrypter, Encrypter, type Recipient, Stanza } from 'age-encryption';

/** How every age file begins. */
export const sealedMagic = new TextEncoder().encode('age-encryption.org/v1\n');

/** The backup file is damaged, cut short, altered, or not a backup at all. Nothing has been replaced. */
export class BackupUnreadable extends Error {
  override name = 'BackupUnreadable';
}

/** The passphrase given does not open this backup. Nothing has been replaced. */
export class WrongPassphrase extends Error {
  override name = 'WrongPassphrase';
  constructor() {
    super('The passphrase (BACKUP_PASSPHRASE) does not open this backup: it is wrong, or the file was altered.');
  }
}

/** The bytes of `plain`, sealed with `passphrase`. */
export function seal(plain: ReadableStream<Uint8Array>, passphrase: string): Promise<ReadableStream<Uint8Array>> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(passphraseRecipient(passphrase));
  return encrypter.encrypt(plain);
}

/**
 * The bytes `sealed` holds. Throws {@link WrongPassphrase} when the passphrase does not fit; the stream
 * fails with {@link BackupUnreadable} when a piece was altered, dropped or cut off.
 */
export async function unseal(sealed: ReadableStream<Uint8Array>, passphrase: string): Promise<ReadableStream<Uint8Array>> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let opened: ReadableStream<Uint8Array>;
  try {
    opened = await decrypter.decrypt(sealed);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('no identity matched')) throw new WrongPassphrase();
    throw new BackupUnreadable(`The backup file is damaged: its age header is not valid (${message}).`);
  }
  const reader = opened.getReader();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.error(new BackupUnreadable('The backup file was altered, damaged or cut short: a piece of it does not authenticate.'));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** age's default cost for a passphrase: scrypt with N = 2^18, r = 8 (256 MiB, about a second). */
const logN = 18;
const scryptLabel = 'age-encryption.org/v1/scrypt';

/**
 * age's passphrase stanza (the spec's "scrypt" recipient), its key drawn by Node's scrypt on the thread
 * pool: age-encryption's own runs on the main thread and would hold the server still for ~2 s (decision 025).
 */
function passphraseRecipient(passphrase: string): Recipient {
  return {
    wrapFileKey: async (fileKey) => {
      const salt = randomBytes(16);
      const key = await new Promise<Buffer>((resolve, reject) => {
        const N = 2 ** logN;
        scrypt(passphrase, Buffer.concat([Buffer.from(scryptLabel), salt]), 32, { N, r: 8, p: 1, maxmem: 2 * 128 * N * 8 }, (error, derived) => {
          if (error) reject(error);
          else resolve(derived);
        });
      });
      const cipher = createCipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 });
      const body = Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
      return [new Stanza(['scrypt', salt.toString('base64').replace(/=+$/, ''), String(logN)], body)];
    },
  };
}
