// The server's own daily backup: it looks every hour, and takes one when the newest in BACKUP_DIR is a
// day old (soon after a start, when there is none from the last day). A failure is logged loudly and
// tried again at the next look; it never stops the server.
import { listBackups, pruneBackups, type SqliteBackupOptions, takeSqliteBackup } from './sqlite-backup';

const day = 24 * 60 * 60 * 1000;

export interface DailyBackupOptions extends SqliteBackupOptions {
  /** How many backups to keep (BACKUP_KEEP); older ones are deleted after each new one. */
  keep: number;
  logger: Pick<Console, 'error'>;
  writeLine: (line: string) => void;
  /** Wait before the first look, so a start is not slowed by it. */
  firstLookMs?: number;
  lookEveryMs?: number;
}

/** Starts the daily backups; `stop()` ends them, waiting for one under way. */
export function startDailyBackups(options: DailyBackupOptions): { stop: () => Promise<void> } {
  const { backupDir, keep, logger, writeLine, firstLookMs = 10_000, lookEveryMs = 60 * 60 * 1000 } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;

  const look = async () => {
    try {
      const newest = (await listBackups(backupDir))[0];
      if (newest && now().getTime() - newest.takenAt.getTime() < day) return;
      const taken = await takeSqliteBackup({ ...options, now });
      const pruned = await pruneBackups(backupDir, keep);
      writeLine(JSON.stringify({ event: 'backup', file: taken.file, requests: taken.counts.quote_requests, pruned: pruned.length }));
    } catch (error) {
      logger.error(`BACKUP FAILED: no backup was written to ${backupDir}; trying again within ${Math.round(lookEveryMs / 60_000)} minutes.`, error);
    }
  };
  const lookOnce = () => {
    running ??= look().finally(() => {
      running = undefined;
    });
  };

  const first = setTimeout(lookOnce, firstLookMs);
  const every = setInterval(lookOnce, lookEveryMs);
  first.unref();
  every.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
