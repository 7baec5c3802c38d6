import { isLocalDeviceEndpoint, maxPushDevicesPerStaff, PushDeviceRefused } from '../../domain/alerts/alert-devices';
import type { TestAlert } from '../../domain/alerts/alert-message';
import { parseRota, RotaRejected } from '../../domain/alerts/alert-settings';
import type { OnCallShift } from '../../domain/alerts/on-call';
import type { AlertSettings } from '../../domain/ports/alert-settings';
import type { NewPushDevice, PushDevice } from '../../domain/ports/push-devices';
import { pushEndpointProblem } from '../../domain/alerts/push-endpoint';

export interface InMemoryAlertSettingsOptions {
  /** Every staff member who can be put on the rota. */
  staff: readonly string[];
  shifts?: readonly OnCallShift[];
  now?: () => Date;
  /**
   * Shows the test alert on this device, as its service worker would show a pushed one; rejects when
   * it cannot. The demo's composition root passes one; left out, there is nothing to show it on.
   */
  showAlert?: (alert: TestAlert) => Promise<void>;
}

const unknownStaff = 'Choose someone from the staff list';

const copyOf = (device: PushDevice): PushDevice => ({
  ...device,
  createdAt: new Date(device.createdAt),
  lastAlertAt: device.lastAlertAt && new Date(device.lastAlertAt),
});

/**
 * The tests' fake of the alert settings: no push service (pushKey() is null), so the
 * devices are the browsers that turned alerts on in this page, and a test alert is shown on this
 * device by its own service worker. The rota lives in memory, starting as given (empty by default).
 */
export class InMemoryAlertSettings implements AlertSettings {
  readonly #staff: readonly string[];
  readonly #now: () => Date;
  readonly #showAlert: ((alert: TestAlert) => Promise<void>) | undefined;
  #devices: (PushDevice & { endpoint: string })[] = [];
  #shifts: OnCallShift[];
  #nextId = 1;

  constructor({ staff, shifts = [], now = () => new Date(), showAlert }: InMemoryAlertSettingsOptions) {
    this.#staff = [...staff];
    this.#shifts = shifts.map((shift) => ({ ...shift }));
    this.#now = now;
    this.#showAlert = showAlert;
  }

  pushKey(): Promise<string | null> {
    return Promise.resolve(null);
  }

  devices(): Promise<PushDevice[]> {
    return Promise.resolve(this.#devices.map(({ id, label, createdAt, lastAlertAt }) => copyOf({ id, label, createdAt, lastAlertAt })));
  }

  /**
   * Keeps the device; one already kept (the same endpoint) keeps its place and takes the new label. As
   * the server does, a push subscription must be on a public push service, and ten devices is the most.
   * The demo's own devices (no push service) are never connected to, so only the limit applies to them.
   */
  addDevice({ endpoint, label }: NewPushDevice): Promise<PushDevice> {
    const known = this.#devices.find((device) => device.endpoint === endpoint);
    if (known) {
      known.label = label;
      return Promise.resolve(copyOf(known));
    }
    if (!isLocalDeviceEndpoint(endpoint) && pushEndpointProblem(endpoint) !== undefined) return Promise.reject(new PushDeviceRefused('endpoint-not-allowed'));
    if (this.#devices.length >= maxPushDevicesPerStaff) return Promise.reject(new PushDeviceRefused('too-many-devices'));
    const device = { id: `device-${this.#nextId++}`, label, createdAt: this.#now(), lastAlertAt: null, endpoint };
    this.#devices.push(device);
    return Promise.resolve(copyOf(device));
  }

  removeDevice(id: string): Promise<boolean> {
    const before = this.#devices.length;
    this.#devices = this.#devices.filter((device) => device.id !== id);
    return Promise.resolve(this.#devices.length < before);
  }

  /** Every device kept is this browser, so the alert is shown once and counts for each of them. */
  async sendTestAlert(): Promise<{ delivered: number; failed: number }> {
    const count = this.#devices.length;
    if (count === 0) return { delivered: 0, failed: 0 };
    const at = this.#now();
    const shown = this.#showAlert
      ? await this.#showAlert({ kind: 'test', sentAt: at.toISOString() }).then(
          () => true,
          () => false,
        )
      : false;
    if (!shown) return { delivered: 0, failed: count };
    for (const device of this.#devices) device.lastAlertAt = at;
    return { delivered: count, failed: 0 };
  }

  rota(): Promise<{ shifts: OnCallShift[]; staff: string[] }> {
    return Promise.resolve({ shifts: this.#shifts.map((shift) => ({ ...shift })), staff: [...this.#staff] });
  }

  /** Replaces the rota, as a server would: whole, or not at all when a shift breaks a rule or names someone unknown. */
  saveRota(shifts: readonly OnCallShift[]): Promise<void> {
    const parsed = parseRota(shifts);
    if (!parsed.ok) return Promise.reject(new RotaRejected(parsed.issues));
    const unknown = parsed.shifts.flatMap(({ staff }, index) => (this.#staff.includes(staff) ? [] : [{ field: `shifts.${index}.staff`, message: unknownStaff }]));
    if (unknown.length > 0) return Promise.reject(new RotaRejected(unknown));
    this.#shifts = parsed.shifts;
    return Promise.resolve();
  }
}
