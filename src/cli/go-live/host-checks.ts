// What the go-live check asks of the machine itself: its disk and its clock.
import { execFile } from 'node:child_process';
import { statfs } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fail, type GoLiveItem, pass, warn } from './go-live-item';

const gib = 1024 ** 3;
/** Below this, requests, photos and backups are about to be refused: the database answers 503 on a full disk. */
const minimumFreeBytes = 1 * gib;
const comfortableShare = 0.1;

/** Free space where DATA_DIR is. */
export async function diskItem(dataDir: string): Promise<GoLiveItem> {
  const label = 'Free disk space';
  const stats = await statfs(dataDir).catch(() => undefined);
  if (stats === undefined) return fail(label, `cannot read the disk of DATA_DIR (${dataDir}): does it exist?`);
  const free = stats.bavail * stats.bsize;
  const share = stats.blocks === 0 ? 0 : stats.bavail / stats.blocks;
  const figures = `${(free / gib).toFixed(1)} GiB free (${Math.round(share * 100)}%) on the disk of ${dataDir}`;
  if (free < minimumFreeBytes) return fail(label, `${figures}: free some space; a full disk refuses every new request`);
  if (share < comfortableShare) return warn(label, `${figures}: less than ${comfortableShare * 100}% left, keep an eye on it`);
  return pass(label, figures);
}

/** What `timedatectl show -p NTPSynchronized --value` printed, or undefined when it could not run. */
export async function readNtpSynchronized(): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)('timedatectl', ['show', '-p', 'NTPSynchronized', '--value'], { timeout: 5000 });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

/** Whether the clock is kept in time: response times, call-back deadlines and sessions all read it. */
export function clockItem(ntpSynchronized: string | undefined): GoLiveItem {
  const label = 'Clock in sync';
  if (ntpSynchronized === 'yes') return pass(label, 'timedatectl says the clock is synchronised (NTP)');
  if (ntpSynchronized === 'no') return fail(label, 'timedatectl says the clock is not synchronised: turn NTP on (timedatectl set-ntp true) or install chrony');
  return warn(label, 'cannot tell: timedatectl is not available here. Make sure the machine keeps its clock with NTP (chrony, systemd-timesyncd)');
}
