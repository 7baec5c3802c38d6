import { isHTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { RotaRejected } from '../../domain/alerts/alert-settings';
import type { OnCallShift } from '../../domain/alerts/on-call';
import type { AlertSettings } from '../../domain/ports/alert-settings';
import type { NewPushDevice, PushDevice } from '../../domain/ports/push-devices';
import {
  alertPaths,
  fromWirePushDevice,
  toWireNewPushDevice,
  WirePushDeviceSchema,
  WirePushDevicesSchema,
  WirePushKeySchema,
  WireRotaSchema,
  WireTestAlertSchema,
} from '../http-api/alerts-wire';
import { WireErrorSchema } from '../http-api/wire';
import { createApiClient, readRetry, type RestClientOptions } from './rest-client';
import { answered, staffCall, staffCallFailure } from './rest-failure';


/** The issues a 400 names, when it is the server's 'invalid-fields' about the rota. */
function rotaRejectionOf(error: unknown): RotaRejected | undefined {
  if (!answered(error, 400) || !isHTTPError(error)) return undefined;
  const body = v.safeParse(WireErrorSchema, error.data);
  if (!body.success || body.output.error !== 'invalid-fields' || body.output.fields === undefined) return undefined;
  return new RotaRejected(body.output.fields);
}

/** The server's refusal of a device: ten already (409), or an endpoint it does not take (400 naming `endpoint`). */
function deviceRefusalOf(error: unknown): PushDeviceRefused | undefined {
  if (!isHTTPError(error)) return undefined;
  const body = v.safeParse(WireErrorSchema, error.data);
  if (!body.success) return undefined;
  if (body.output.error === 'too-many-devices') return new PushDeviceRefused('too-many-devices', body.output.message);
  const endpoint = body.output.fields?.some(({ field }) => field === 'endpoint');
  return body.output.error === 'invalid-fields' && endpoint ? new PushDeviceRefused('endpoint-not-allowed') : undefined;
}

/**
 * The signed-in staff member's alert settings on our own server (`/api/alerts/…`): their devices,
 * the test alert, and the on-call rota. The server knows who is signed in from the session, so
 * nothing here says who. Reads are tried again when the server is briefly unavailable; changes never.
 */
export class RestAlertSettings implements AlertSettings {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api, timeoutMs: this.#timeoutMs } = createApiClient(options));
  }

  /** `GET /api/alerts/key`. */
  async pushKey(): Promise<string | null> {
    const wire = await this.#call('Reading the push key', () => this.#api.get(alertPaths.key, { retry: readRetry }).json(WirePushKeySchema));
    return wire.public_key;
  }

  /** `GET /api/alerts/devices`. */
  async devices(): Promise<PushDevice[]> {
    const wire = await this.#call('Reading the alert devices', () => this.#api.get(alertPaths.devices, { retry: readRetry }).json(WirePushDevicesSchema));
    return wire.devices.map(fromWirePushDevice);
  }

  /**
   * `POST /api/alerts/devices` with the browser's subscription; the server's refusal of it (a push
   * service that is not public, or ten devices already) rejects with PushDeviceRefused.
   */
  async addDevice(device: NewPushDevice): Promise<PushDevice> {
    try {
      const wire = await this.#api.post(alertPaths.devices, { json: toWireNewPushDevice(device), retry: 0 }).json(WirePushDeviceSchema);
      return fromWirePushDevice(wire);
    } catch (error) {
      throw deviceRefusalOf(error) ?? this.#failure('Adding the alert device', error);
    }
  }

  /** `DELETE /api/alerts/devices/{id}`: false when the server has no such device of theirs. */
  async removeDevice(id: string): Promise<boolean> {
    try {
      await this.#api.delete(alertPaths.device(id), { retry: 0 });
      return true;
    } catch (error) {
      if (answered(error, 404)) return false;
      throw this.#failure('Removing the alert device', error);
    }
  }

  /** `POST /api/alerts/test`. */
  async sendTestAlert(): Promise<{ delivered: number; failed: number }> {
    return this.#call('Sending a test alert', () => this.#api.post(alertPaths.test, { retry: 0 }).json(WireTestAlertSchema));
  }

  /** `GET /api/alerts/rota`. */
  async rota(): Promise<{ shifts: OnCallShift[]; staff: string[] }> {
    return this.#call('Reading the on-call rota', () => this.#api.get(alertPaths.rota, { retry: readRetry }).json(WireRotaSchema));
  }

  /** `PUT /api/alerts/rota`; a 400 naming fields rejects with RotaRejected, so staff see which shift is wrong. */
  async saveRota(shifts: readonly OnCallShift[]): Promise<void> {
    try {
      await this.#api.put(alertPaths.rota, { json: { shifts }, retry: 0 });
    } catch (error) {
      throw rotaRejectionOf(error) ?? this.#failure('Saving the on-call rota', error);
    }
  }

  #call<T>(action: string, request: () => Promise<T>): Promise<T> {
    return staffCall(action, this.#timeoutMs, request);
  }

  #failure(action: string, error: unknown): Error {
    return staffCallFailure(action, error, this.#timeoutMs);
  }
}
