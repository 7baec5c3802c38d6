import type { OnCallShift } from '../alerts/on-call';
import type { PushDevice, NewPushDevice } from './push-devices';

/**
 * What the inbox's alert settings need, in the browser and behind the API: the signed-in staff
 * member's devices, the test alert, and the rota. Every method rejects when the backend cannot be
 * reached, and with NotSignedIn without a staff session.
 */
export interface AlertSettings {
  /** The VAPID public key (base64url) browsers subscribe with; null where alerts are shown on this device alone (the demo). */
  pushKey(): Promise<string | null>;
  devices(): Promise<PushDevice[]>;
  addDevice(device: NewPushDevice): Promise<PushDevice>;
  removeDevice(id: string): Promise<boolean>;
  /** Sends a test alert to each of the staff member's devices at once: how many push services took it, and how many refused. */
  sendTestAlert(): Promise<{ delivered: number; failed: number }>;
  /** The rota, and every staff member who can be put on it. */
  rota(): Promise<{ shifts: OnCallShift[]; staff: string[] }>;
  saveRota(shifts: readonly OnCallShift[]): Promise<void>;
}
