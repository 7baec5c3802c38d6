/** A device a staff member gets alerts on, as they see it listed. */
export interface PushDevice {
  id: string;
  /** What the browser said it was when alerts were turned on: "Chrome on Android". */
  label: string;
  createdAt: Date;
  /** When an alert last reached its push service; null before the first. */
  lastAlertAt: Date | null;
}

/** A browser's push subscription (RFC 8030 endpoint, RFC 8291 keys), and what to call the device. */
export interface NewPushDevice {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's authentication secret, base64url. */
  auth: string;
  label: string;
}

/** A device to push to: whose it is, and the subscription that reaches it. */
export interface PushTarget extends NewPushDevice {
  id: string;
  /** The staff member's email. */
  staff: string;
}

/**
 * The devices staff get alerts on, each belonging to one staff member; nobody sees or removes another's.
 * Every method rejects when the store cannot be reached.
 */
export interface PushDeviceStore {
  /** Keeps the device for `staff`; a subscription already kept (the same endpoint) is updated and moves to them. */
  saveDevice(staff: string, device: NewPushDevice, now: Date): Promise<PushDevice>;
  /** The staff member's devices, oldest first. */
  listDevices(staff: string): Promise<PushDevice[]>;
  /** Removes one of the staff member's devices: false when they have none with that id. */
  removeDevice(staff: string, id: string): Promise<boolean>;
  /** The staff member's devices with their subscriptions, to push to. */
  pushTargets(staff: string): Promise<PushTarget[]>;
}
