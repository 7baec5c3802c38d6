import { alertsCopy } from './alerts-copy';
import type { AlertSettings } from '../ports/alert-settings';
import type { Logger } from '../ports/logger';
import type { NewPushDevice, PushDevice } from '../ports/push-devices';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

/**
 * The most devices one staff member gets alerts on: every alert goes to each of them, so a test alert
 * or an urgent request costs at most this many pushes per person.
 */
export const maxPushDevicesPerStaff = 10;

/**
 * The endpoint of a device without a push service: the demo shows its alerts through this browser's
 * own service worker, so nothing ever connects to it.
 */
export const localDeviceEndpoint = (label: string) => `local:${label}`;
export const isLocalDeviceEndpoint = (endpoint: string) => endpoint.startsWith('local:');

/** Why a device was not kept: the staff member has as many as allowed, or its endpoint breaks the rule (push-endpoint.ts). */
export type PushDeviceRefusal = 'too-many-devices' | 'endpoint-not-allowed';

/**
 * Thrown by a PushDeviceStore or an AlertSettings that did not keep a device, nothing of it stored,
 * with what staff are told.
 */
export class PushDeviceRefused extends Error {
  readonly reason: PushDeviceRefusal;

  constructor(reason: PushDeviceRefusal, message: string = alertsCopy.problems[reason]) {
    super(message);
    this.name = 'PushDeviceRefused';
    this.reason = reason;
  }
}

export type AddAlertDeviceResult = { ok: true; device: PushDevice } | { ok: false; error: { kind: PushDeviceRefusal; message: string } | StaffFailure };

/** Turns alerts on for a device of the signed-in staff member; a refusal says why, and nothing is kept. */
export async function addAlertDevice(deps: { alerts: AlertSettings; logger: Logger }, device: NewPushDevice): Promise<AddAlertDeviceResult> {
  try {
    return { ok: true, device: await deps.alerts.addDevice(device) };
  } catch (cause) {
    if (cause instanceof PushDeviceRefused) return { ok: false, error: { kind: cause.reason, message: cause.message } };
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Adding the alert device') };
  }
}
