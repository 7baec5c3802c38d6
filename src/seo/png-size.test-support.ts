import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder Vite serves from the site root. */
const publicDir = join(import.meta.dirname, '../public');

/**
 * Reads a file served from the site root, such as "/icon-192.png". (A path, not a file URL: under
 * jsdom the global URL is not the one Node's file functions accept.)
 */
export function readPublicFile(path: string): Buffer {
  return readFileSync(join(publicDir, path));
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's pixel size, from its header chunk (IHDR), which always comes first. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(pngSignature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG file');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
