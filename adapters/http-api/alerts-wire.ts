import * as v from 'valibot';
import { OnCallShiftSchema } from '../../domain/alerts/on-call';
import type { NewPushDevice, PushDevice } from '../../domain/ports/push-devices';
import { type PushEndpointOptions, pushEndpointSchema } from '../../domain/alerts/push-endpoint';
import { isLocalDeviceEndpoint } from '../../domain/alerts/alert-devices';
import { IsoTimeSchema } from './iso-time';

/**
 * The alert settings on the wire (`/api/alerts/…`), shared by the server and the browser client:
 * the signed-in staff member's devices, the test alert, and the on-call rota. Staff only.
 */
export const alertPaths = {
  /** Where every path below starts. */
  root: '/api/alerts',
  /** GET: `{ public_key }`, the VAPID key browsers subscribe with; null where there is no push service (the demo). */
  key: '/api/alerts/key',
  /** GET: `{ devices }`, the signed-in staff member's; POST a subscription: 201 with the device. */
  devices: '/api/alerts/devices',
  /** DELETE `/api/alerts/devices/{id}`: 204, or 404 when it is not one of theirs. */
  device: (id: string) => `/api/alerts/devices/${encodeURIComponent(id)}`,
  /** POST: sends a test alert to each of their devices now: `{ delivered, failed }`. */
  test: '/api/alerts/test',
  /** GET `{ shifts, staff }`; PUT `{ shifts }` replaces the rota (400 naming `shifts.2.start`…). */
  rota: '/api/alerts/rota',
} as const;

const Base64UrlSchema = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`),
    v.minLength(min, `${name} is too short`),
    v.maxLength(max, `${name} is too long`),
  );

export const WirePushKeySchema = v.object({ public_key: v.nullable(v.string()) });

export const WirePushDeviceSchema = v.object({
  id: v.string(),
  label: v.string(),
  created_at: IsoTimeSchema,
  last_alert_at: v.nullable(IsoTimeSchema),
});
export type WirePushDevice = v.InferOutput<typeof WirePushDeviceSchema>;

export const WirePushDevicesSchema = v.object({ devices: v.array(WirePushDeviceSchema) });

/**
 * A browser's PushSubscription.toJSON(), and what to call the device. Its endpoint must be a public
 * https host (domain/alerts/push-endpoint.ts); `allowLoopback` also takes this machine, for a push service
 * run by tests.
 */
export const newPushDeviceSchema = (options: PushEndpointOptions) =>
  v.object({
    endpoint: pushEndpointSchema(options),
    keys: v.object({ p256dh: Base64UrlSchema('The p256dh key', 80, 100), auth: Base64UrlSchema('The auth secret', 16, 32) }, 'Keys must hold p256dh and auth'),
    label: v.pipe(v.string('Label must be text'), v.trim(), v.nonEmpty('Say what the device is'), v.maxLength(100, 'Label must be 100 characters or fewer')),
  });
export const WireNewPushDeviceSchema = newPushDeviceSchema({ allowLoopback: false });

/**
 * Where the API has no push service (the demo in the page), a device is the browser's own service
 * worker: its endpoint names it as local (domain/alerts/alert-devices.ts), and it has no keys.
 */
export const localPushDeviceSchema = v.object({
  endpoint: v.pipe(v.string('Endpoint must be text'), v.check(isLocalDeviceEndpoint, 'Without a push service, alerts are shown on this device only'), v.maxLength(200, 'Endpoint is too long')),
  keys: v.object({ p256dh: v.literal('', 'A device without a push service has no keys'), auth: v.literal('', 'A device without a push service has no keys') }),
  label: v.pipe(v.string('Label must be text'), v.trim(), v.nonEmpty('Say what the device is'), v.maxLength(100, 'Label must be 100 characters or fewer')),
});

export type WireNewPushDevice = v.InferInput<typeof WireNewPushDeviceSchema>;

export const WireTestAlertSchema = v.object({ delivered: v.number(), failed: v.number() });

export const WireRotaSchema = v.object({ shifts: v.array(OnCallShiftSchema), staff: v.array(v.string()) });
export const WireRotaBodySchema = v.object({ shifts: v.array(v.unknown(), 'Shifts must be a list') });

export const toWirePushDevice = ({ id, label, createdAt, lastAlertAt }: PushDevice): WirePushDevice => ({
  id,
  label,
  created_at: createdAt.toISOString(),
  last_alert_at: lastAlertAt?.toISOString() ?? null,
});

export const fromWirePushDevice = ({ id, label, created_at, last_alert_at }: WirePushDevice): PushDevice => ({
  id,
  label,
  createdAt: new Date(created_at),
  lastAlertAt: last_alert_at === null ? null : new Date(last_alert_at),
});

export const toWireNewPushDevice = ({ endpoint, p256dh, auth, label }: NewPushDevice): WireNewPushDevice => ({ endpoint, keys: { p256dh, auth }, label });

export const fromWireNewPushDevice = ({ endpoint, keys, label }: v.InferOutput<typeof WireNewPushDeviceSchema>): NewPushDevice => ({
  endpoint,
  p256dh: keys.p256dh,
  auth: keys.auth,
  label,
});

