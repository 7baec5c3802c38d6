import { FunctionsHttpError } from '@supabase/supabase-js';
import * as v from 'valibot';
import { PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { OnCallRotaSchema, type OnCallShift, weekdays } from '../../domain/alerts/on-call';
import type { AlertSettings } from '../../domain/ports/alert-settings';
import type { NewPushDevice, PushDevice } from '../../domain/ports/push-devices';
import { pushEndpointProblem } from '../../domain/alerts/push-endpoint';
import { NotSignedIn } from '../../domain/staff/staff';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeFunctionFailure, type DatabaseAnswer } from './supabase-failure';
import { summaryOf } from './supabase-quote-row';
import { requireSession, staffCallFailure } from './supabase-staff-call';

/** The function that pushes alerts, deployed with the project (supabase/functions/send-quote-alert). */
const alertFunction = 'send-quote-alert';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TimeSchema = v.pipe(
  v.string(),
  v.transform((text) => new Date(text.replace(/(\.\d{3})\d+/, '$1'))),
  v.check((date) => !Number.isNaN(date.getTime()), 'not a time'),
);

const DeviceSchema = v.pipe(
  v.object({ id: v.string(), label: v.string(), created_at: TimeSchema, last_alert_at: v.nullable(TimeSchema) }),
  v.transform((row): PushDevice => ({ id: row.id, label: row.label, createdAt: row.created_at, lastAlertAt: row.last_alert_at })),
);

const ShiftRowsSchema = v.array(
  v.pipe(
    v.object({ staff: v.string(), day: v.picklist(weekdays), start_time: v.string(), end_time: v.string() }),
    v.transform((row): OnCallShift => ({ staff: row.staff, day: row.day, start: row.start_time, end: row.end_time })),
  ),
);

const KeyAnswerSchema = v.object({ publicKey: v.pipe(v.string(), v.nonEmpty()) });
const TestAnswerSchema = v.object({ delivered: v.number(), failed: v.number() });

/**
 * The inbox's alert settings over a Supabase project: the signed-in staff member's devices in
 * public.push_devices (row-level security shows and removes only their own), the rota in
 * public.on_call_shifts (replaced whole by public.save_on_call_rota), and the send-quote-alert
 * function for the VAPID key and the test alert, called with the user's token.
 */
export class SupabaseAlertSettings implements AlertSettings {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  async pushKey(): Promise<string | null> {
    const action = 'Reading the key alerts are sent with';
    await requireSession(this.#client, action);
    const answer = await this.#client.functions.invoke(`${alertFunction}/key`, { method: 'GET' });
    return parsed(action, KeyAnswerSchema, await this.#functionAnswer(action, answer)).publicKey;
  }

  async devices(): Promise<PushDevice[]> {
    const action = 'Reading your devices';
    await requireSession(this.#client, action);
    const answer = await this.#client.from('push_devices').select('id,label,created_at,last_alert_at').order('created_at', { ascending: true });
    if (answer.error) throw staffFailure(action, answer);
    return parsed(action, v.array(DeviceSchema), answer.data);
  }

  /**
   * Through public.save_push_device: a subscription this browser already had is updated and becomes the
   * caller's. One on a push service that is not public is refused here (the project's functions check
   * again before each push); the eleventh device by the database, one user's additions at a time.
   */
  async addDevice({ endpoint, p256dh, auth, label }: NewPushDevice): Promise<PushDevice> {
    const action = 'Turning alerts on for this device';
    if (pushEndpointProblem(endpoint) !== undefined) throw new PushDeviceRefused('endpoint-not-allowed');
    await requireSession(this.#client, action);
    const answer = await this.#client.rpc('save_push_device', { endpoint, p256dh, auth, label });
    if (isOverDeviceLimit(answer.error)) throw new PushDeviceRefused('too-many-devices');
    if (answer.error) throw staffFailure(action, answer);
    return parsed(action, DeviceSchema, answer.data);
  }

  async removeDevice(id: string): Promise<boolean> {
    const action = 'Removing the device';
    await requireSession(this.#client, action);
    if (!uuid.test(id)) return false;
    const answer = await this.#client.from('push_devices').delete({ count: 'exact' }).eq('id', id);
    if (answer.error) throw staffFailure(action, answer);
    return (answer.count ?? 0) > 0;
  }

  async sendTestAlert(): Promise<{ delivered: number; failed: number }> {
    const action = 'Sending a test alert';
    await requireSession(this.#client, action);
    const answer = await this.#client.functions.invoke(`${alertFunction}/test`, { body: {} });
    return parsed(action, TestAnswerSchema, await this.#functionAnswer(action, answer));
  }

  async rota(): Promise<{ shifts: OnCallShift[]; staff: string[] }> {
    const action = 'Reading the on-call rota';
    await requireSession(this.#client, action);
    const [shifts, staff] = await Promise.all([
      this.#client.from('on_call_shifts').select('staff,day,start_time,end_time').order('position', { ascending: true }),
      this.#client.rpc('staff_emails', {}),
    ]);
    if (shifts.error) throw staffFailure(action, shifts);
    if (staff.error) throw staffFailure(action, staff);
    return { shifts: parsed(action, ShiftRowsSchema, shifts.data), staff: parsed(action, v.array(v.string()), staff.data) };
  }

  /** Checked by the domain's schema here, and again by public.save_on_call_rota, which replaces the rota in one transaction. */
  async saveRota(shifts: readonly OnCallShift[]): Promise<void> {
    const action = 'Saving the on-call rota';
    const checked = v.safeParse(OnCallRotaSchema, shifts);
    if (!checked.success) throw new Error(`${action} failed: ${summaryOf(checked.issues)}`);
    await requireSession(this.#client, action);
    const answer = await this.#client.rpc('save_on_call_rota', { shifts: checked.output });
    if (answer.error) throw staffFailure(action, answer);
  }

  /** The function's answer, or why there is none: a token it refuses (401) or a caller who is not staff (403) is NotSignedIn. */
  async #functionAnswer(action: string, answer: { data: unknown; error: unknown }): Promise<unknown> {
    const { error } = answer;
    if (error instanceof FunctionsHttpError && error.context instanceof Response && [401, 403].includes(error.context.status)) {
      throw new NotSignedIn();
    }
    if (error !== null) throw await describeFunctionFailure(action, error);
    return answer.data;
  }
}

/** The database's refusal of a device beyond the limit: push_devices_per_staff, reported as a check constraint's. */
const isOverDeviceLimit = (error: unknown) =>
  v.is(v.object({ code: v.literal('23514'), message: v.pipe(v.string(), v.includes('"push_devices_per_staff"')) }), error);

/** A caller who is not staff is refused by the policies (42501, which PostgREST answers 403): not signed in as staff. */
function staffFailure(action: string, answer: DatabaseAnswer): Error {
  return answer.status === 403 ? new NotSignedIn() : staffCallFailure(action, answer);
}

function parsed<TSchema extends v.GenericSchema>(action: string, schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new Error(`${action} failed: the answer is not what the project sends (${summaryOf(result.issues)})`);
  return result.output;
}
