import type { TestAlert } from '../../domain/alerts/alert-message';
import { maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import type { OnCallShift } from '../../domain/alerts/on-call';
import type { OnCallRotaStore } from '../../domain/ports/alert-stores';
import type { NewPushDevice, PushDevice, PushDeviceStore, PushTarget } from '../../domain/ports/push-devices';

type Kept = PushTarget & { createdAt: Date; lastAlertAt: Date | null };

const deviceOf = ({ id, label, createdAt, lastAlertAt }: Kept): PushDevice => ({ id, label, createdAt: new Date(createdAt), lastAlertAt: lastAlertAt && new Date(lastAlertAt) });

/**
 * The alert devices and the on-call rota in memory: the demo's, behind its API in the page. They keep
 * what the SQL stores keep, by the same rules: one staff member's devices, ten at most, an endpoint
 * saved again moving to whoever saved it.
 */
export class InMemoryAlertStores implements PushDeviceStore, OnCallRotaStore {
  #devices: Kept[] = [];
  #shifts: OnCallShift[] = [];
  #nextId = 1;

  saveDevice(staff: string, { endpoint, p256dh, auth, label }: NewPushDevice, now: Date): Promise<PushDevice> {
    const known = this.#devices.find((device) => device.endpoint === endpoint && device.staff === staff);
    if (known) {
      Object.assign(known, { p256dh, auth, label });
      return Promise.resolve(deviceOf(known));
    }
    if (this.#devices.filter((device) => device.staff === staff).length >= maxPushDevicesPerStaff) return Promise.reject(new PushDeviceRefused('too-many-devices'));
    // Kept for someone else, the endpoint becomes a new device of theirs.
    this.#devices = this.#devices.filter((device) => device.endpoint !== endpoint);
    const device: Kept = { id: `device-${String(this.#nextId++)}`, staff, endpoint, p256dh, auth, label, createdAt: now, lastAlertAt: null };
    this.#devices.push(device);
    return Promise.resolve(deviceOf(device));
  }

  listDevices(staff: string): Promise<PushDevice[]> {
    return Promise.resolve(this.#devices.filter((device) => device.staff === staff).map(deviceOf));
  }

  removeDevice(staff: string, id: string): Promise<boolean> {
    const before = this.#devices.length;
    this.#devices = this.#devices.filter((device) => !(device.id === id && device.staff === staff));
    return Promise.resolve(this.#devices.length < before);
  }

  pushTargets(staff: string): Promise<PushTarget[]> {
    return Promise.resolve(this.#devices.filter((device) => device.staff === staff).map(({ id, staff: owner, endpoint, p256dh, auth, label }) => ({ id, staff: owner, endpoint, p256dh, auth, label })));
  }

  /** Records that the staff member's devices were alerted at `at`. */
  alerted(staff: string, at: Date): void {
    for (const device of this.#devices) if (device.staff === staff) device.lastAlertAt = at;
  }

  readRota(): Promise<OnCallShift[]> {
    return Promise.resolve(this.#shifts.map((shift) => ({ ...shift })));
  }

  saveRota(shifts: readonly OnCallShift[]): Promise<void> {
    this.#shifts = shifts.map((shift) => ({ ...shift }));
    return Promise.resolve();
  }
}

/**
 * The demo's test alert: every device kept is this browser, so the alert is shown once, by `show`
 * (its service worker), and counts for each of the staff member's devices; none if it could not be.
 */
export function testAlertOnThisDevice(stores: InMemoryAlertStores, show: (alert: TestAlert) => Promise<void>, now: () => Date) {
  return async (staff: string): Promise<{ delivered: number; failed: number }> => {
    const count = (await stores.listDevices(staff)).length;
    if (count === 0) return { delivered: 0, failed: 0 };
    const at = now();
    const shown = await show({ kind: 'test', sentAt: at.toISOString() }).then(
      () => true,
      () => false,
    );
    if (!shown) return { delivered: 0, failed: count };
    stores.alerted(staff, at);
    return { delivered: count, failed: 0 };
  };
}
