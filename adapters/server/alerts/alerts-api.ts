import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { PushDeviceRefused } from '../../../domain/alerts/alert-devices';
import { OnCallRotaSchema } from '../../../domain/alerts/on-call';
import type { Logger } from '../../../domain/ports/logger';
import type { OnCallRotaStore } from '../../../domain/ports/alert-stores';
import type { PushDeviceStore } from '../../../domain/ports/push-devices';
import { fromWireNewPushDevice, localPushDeviceSchema, newPushDeviceSchema, toWirePushDevice, WireRotaBodySchema } from '../../http-api/alerts-wire';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readJsonBody } from '../http/request-body';
import type { StaffEnv } from '../staff/staff-gate';
import { alertsOperations } from './alerts-operations';

export interface AlertsApiOptions {
  devices: PushDeviceStore;
  rota: OnCallRotaStore;
  /** Every staff member's email: who can be put on the rota. */
  staffEmails: () => Promise<string[]>;
  /**
   * The VAPID public key browsers subscribe with; null where there is no push service (the demo in the
   * page), whose devices are the browser's own service worker, named by a local endpoint.
   */
  publicKey: string | null;
  /** Pushes a test alert to each of the staff member's devices now, and says how many took it. */
  sendTestAlert: (staff: string) => Promise<{ delivered: number; failed: number }>;
  /** The rota changed: who is on call may have too. */
  onRotaSaved: () => void;
  requireStaff: MiddlewareHandler<StaffEnv>;
  logger: Logger;
  now: () => Date;
  /** Takes push endpoints on this machine (loopback) too, for a push service run by tests; never in production. */
  allowLoopbackPush: boolean;
}

const fail = (body: WireError, status: 400 | 404 | 409 | 503) => Response.json(body, { status });
const unavailable = () => fail({ error: 'storage-unavailable', message: 'The alert settings cannot be reached right now. Please try again.' }, 503);

/** The issues of a failed parse as the API names them: `shifts.2.start`, `keys.p256dh`. */
const fieldsOf = (issues: readonly v.BaseIssue<unknown>[], prefix: string[] = []) =>
  issues.map((issue) => ({ field: [...prefix, v.getDotPath(issue) ?? ''].filter((part) => part !== '').join('.'), message: issue.message }));

/**
 * The alert settings under `/api/alerts`, staff only: the VAPID key, the signed-in staff member's
 * devices (nobody sees or removes another's), the test alert, and the on-call rota.
 */
export function alertsApi(options: AlertsApiOptions) {
  const { devices, rota, staffEmails, publicKey, sendTestAlert, onRotaSaved, requireStaff, logger, now } = options;
  const NewDeviceSchema = publicKey === null ? localPushDeviceSchema : newPushDeviceSchema({ allowLoopback: options.allowLoopbackPush });
  const api = new Hono<StaffEnv>();
  api.use('*', requireStaff);
  api.onError((error) => {
    logger.error('The alert settings failed', error);
    return unavailable();
  });


  api.get('/key', alertsOperations.key, (c) => c.json({ public_key: publicKey }));

  api.get('/devices', alertsOperations.devices, async (c) => c.json({ devices: (await devices.listDevices(c.get('staff').email)).map(toWirePushDevice) }));

  api.post('/devices', alertsOperations.addDevice(NewDeviceSchema), limitBody(bodyLimits.json), async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return fail(body.error, 400);
    const parsed = v.safeParse(NewDeviceSchema, body.body);
    if (!parsed.success) return fail({ error: 'invalid-fields', message: 'This is not a push subscription the server can use', fields: fieldsOf(parsed.issues) }, 400);
    try {
      const device = await devices.saveDevice(c.get('staff').email, fromWireNewPushDevice(parsed.output), now());
      return c.json(toWirePushDevice(device), 201);
    } catch (cause) {
      if (!(cause instanceof PushDeviceRefused)) throw cause;
      return cause.reason === 'too-many-devices'
        ? fail({ error: 'too-many-devices', message: cause.message }, 409)
        : fail({ error: 'invalid-fields', message: cause.message, fields: [{ field: 'endpoint', message: cause.message }] }, 400);
    }
  });

  api.delete('/devices/:id', alertsOperations.removeDevice, limitBody(bodyLimits.none), async (c) => {
    const removed = await devices.removeDevice(c.get('staff').email, c.req.param('id'));
    return removed ? c.body(null, 204) : fail({ error: 'not-found', message: 'You have no device with that id' }, 404);
  });

  api.post('/test', alertsOperations.test, limitBody(bodyLimits.none), async (c) => c.json(await sendTestAlert(c.get('staff').email)));

  const rotaAnswer = async () => ({ shifts: await rota.readRota(), staff: await staffEmails() });

  api.get('/rota', alertsOperations.rota, async (c) => c.json(await rotaAnswer()));

  api.put('/rota', alertsOperations.saveRota, limitBody(bodyLimits.json), async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return fail(body.error, 400);
    const outer = v.safeParse(WireRotaBodySchema, body.body);
    if (!outer.success) return fail({ error: 'invalid-fields', message: 'Send the rota as { shifts: [...] }', fields: fieldsOf(outer.issues) }, 400);
    const shifts = v.safeParse(OnCallRotaSchema, outer.output.shifts);
    if (!shifts.success) return fail({ error: 'invalid-fields', message: 'Some shifts are not right', fields: fieldsOf(shifts.issues, ['shifts']) }, 400);
    const staff = await staffEmails();
    const strangers = shifts.output.flatMap((shift, index) =>
      staff.includes(shift.staff) ? [] : [{ field: `shifts.${index}.staff`, message: `${shift.staff} has no staff account` }],
    );
    if (strangers.length > 0) return fail({ error: 'invalid-fields', message: 'Only staff can be on call', fields: strangers }, 400);
    await rota.saveRota(shifts.output);
    onRotaSaved();
    return c.json(await rotaAnswer());
  });

  return api;
}
