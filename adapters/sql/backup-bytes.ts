// Bytes in and out of a backup file, a piece at a time, so a large file never has to fit in memory.
import { type FileHandle, open } from 'node:fs/promises';

/** Where a backup's bytes go: a file, or an encryption layer in front of one. */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
  /** Writes whatever is held back, and makes it durable. */
  end(): Promise<void>;
  /** Lets go of the file after a failure, writing nothing more. */
  abandon(): Promise<void>;
}

/** Where a backup's bytes come from. */
export interface ByteSource {
  /** The next `length` bytes; throws {@link BackupUnreadable} if the file ends first. */
  read(length: number): Promise<Uint8Array>;
  /** Whether every byte has been read. */
  atEnd(): Promise<boolean>;
  close(): Promise<void>;
}

/** The backup file is damaged, cut short, altered, or not a backup at all. Nothing has been replaced. */
export class BackupUnreadable extends Error {
  override name = 'BackupUnreadable';
}

/** A new file (it must not exist yet), written through and synced to disk on `end()`. */
export async function fileSink(path: string): Promise<ByteSink> {
  const file = await open(path, 'wx', 0o600);
  return {
    write: async (bytes) => {
      let written = 0;
      while (written < bytes.length) written += (await file.write(bytes, written)).bytesWritten;
    },
    end: async () => {
      try {
        await file.sync();
      } finally {
        await file.close();
      }
    },
    abandon: () => file.close(),
  };
}

const readAhead = 1 << 16;

/** An existing file, read in pieces of 64 KiB. */
export async function fileSource(path: string): Promise<ByteSource> {
  const file: FileHandle = await open(path, 'r');
  let buffered: Uint8Array = new Uint8Array(0);
  let ended = false;
  const fill = async (wanted: number) => {
    while (buffered.length < wanted && !ended) {
      const piece = new Uint8Array(Math.max(readAhead, wanted - buffered.length));
      const { bytesRead } = await file.read(piece, 0, piece.length, null);
      if (bytesRead === 0) ended = true;
      buffered = concat(buffered, piece.subarray(0, bytesRead));
    }
  };
  return {
    read: async (length) => {
      await fill(length);
      if (buffered.length < length) throw new BackupUnreadable('The backup file ends too soon: it was cut short or is damaged.');
      const bytes = buffered.subarray(0, length);
      buffered = buffered.subarray(length);
      return bytes;
    },
    atEnd: async () => {
      await fill(1);
      return buffered.length === 0;
    },
    close: () => file.close(),
  };
}

export function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  if (second.length === 0) return first;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}
