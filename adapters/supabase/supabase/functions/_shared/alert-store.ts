import * as v from 'valibot';
import { askIsStaff, asServiceRole, postgrestFailure, type StoreConfig } from './postgrest.ts';
import { type AlertAudience, type AlertRecord, alertSteps } from '../../../../../domain/alerts/alert-plan.ts';
import { weekdays } from '../../../../../domain/alerts/on-call.ts';
import type { AlertCandidate } from '../../../../../domain/ports/alert-stores.ts';
import type { PushTarget } from '../../../../../domain/ports/push-devices.ts';
import { fromNamedFields, namedFieldsEntries } from '../../../../../domain/quote/quote.ts';
import { quoteStatuses } from '../../../../../domain/inbox/quote-status.ts';

/** What came of redeeming an "I'm on it" token, as public.redeem_take_token answers. */
type RedeemOutcome =
  | { outcome: 'taken' | 'already-taken'; taken: { by: string; at: Date } }
  | { outcome: 'not-waiting'; current: string }
  | { outcome: 'not-found' | 'spent' | 'not-staff' };

/**
 * The project's database, as the alerts need it: send-quote-alert's request alerts and test alerts,
 * and customer-link's alert of a customer's message. Every method rejects when it cannot be reached.
 */
export interface AlertStore {
  /** Whether the holder of `token` is staff, asked with their own token; 'refused' for a token the project refuses. */
  isStaff(token: string): Promise<boolean | 'refused'>;
  /** The requests still waiting for someone that arrived at or after `since` (only `quoteId`, when given). */
  candidates(since: Date, quoteId?: string): Promise<AlertCandidate[]>;
  /** Every staff member's email, and the rota. */
  audience(): Promise<AlertAudience>;
  /**
   * Records the step unless it was already, or the request no longer waits: the recipients' devices,
   * each with the id of the take token issued for its push, or undefined.
   */
  recordAlert(quoteId: string, record: AlertRecord): Promise<(PushTarget & { takeId: string })[] | undefined>;
  /** The devices of the staff members named by email, each with whose it is; none for anyone no longer staff. */
  devicesOf(staff: readonly string[]): Promise<PushTarget[]>;
  /** The devices of the holder of `token` (a staff member's own, by row-level security). */
  ownDevices(token: string): Promise<Pick<PushTarget, 'id' | 'endpoint' | 'p256dh' | 'auth'>[]>;
  delivered(deviceId: string, at: Date): Promise<void>;
  forgetDevice(deviceId: string): Promise<void>;
  /** Spends the take token issued with one push, and takes the request for whom it was pushed to. */
  redeemTake(tokenId: string, quoteId: string): Promise<RedeemOutcome>;
}

const TimeSchema = v.pipe(
  v.string(),
  v.transform((text) => new Date(text.replace(/(\.\d{3})\d+/, '$1'))),
  v.check((date) => !Number.isNaN(date.getTime()), 'not a time'),
);

const RecordSchema = v.object({ step: v.picklist(alertSteps), at: TimeSchema, recipients: v.array(v.string()), everyone: v.boolean() });

const CandidatesSchema = v.array(
  v.object({
    id: v.string(),
    created_at: TimeSchema,
    ...namedFieldsEntries,
    status: v.picklist(quoteStatuses),
    taken_by: v.nullable(v.string()),
    taken_at: v.nullable(TimeSchema),
    alerts: v.array(RecordSchema),
  }),
);

const DeviceSchema = v.object({ id: v.string(), staff: v.string(), endpoint: v.string(), p256dh: v.string(), auth: v.string(), label: v.string() });
const TargetSchema = v.pipe(
  v.object({ ...DeviceSchema.entries, take_id: v.string() }),
  v.transform(({ take_id, ...target }) => ({ ...target, takeId: take_id })),
);
const RecordedSchema = v.nullable(v.object({ at: TimeSchema, targets: v.array(TargetSchema) }));
const ShiftsSchema = v.array(v.object({ staff: v.string(), day: v.picklist(weekdays), start_time: v.string(), end_time: v.string() }));
const TakingSchema = v.object({ by: v.string(), at: TimeSchema });
const RedeemSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('taken'), quote: v.object({ taken: TakingSchema }) }),
  v.object({ outcome: v.literal('already-taken'), taken: TakingSchema }),
  v.object({ outcome: v.literal('not-waiting'), current: v.string() }),
  v.object({ outcome: v.picklist(['not-found', 'spent', 'not-staff']) }),
]);

/** The store through the project's REST API (PostgREST): the service key for the alerts, the caller's token for their own devices. */
export function postgrestAlertStore({ url, anonKey, serviceKey }: StoreConfig, fetchImpl: typeof fetch = fetch): AlertStore {
  const asService = asServiceRole({ serviceKey });
  const failed = postgrestFailure;
  const rpc = async (action: string, name: string, args: Record<string, unknown>, headers: Record<string, string> = asService): Promise<unknown> => {
    const response = await fetchImpl(`${url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!response.ok) throw await failed(action, response);
    return response.json();
  };
  const device = (id: string) => `${url}/rest/v1/push_devices?id=eq.${encodeURIComponent(id)}`;

  return {
    isStaff: (token) => askIsStaff({ url, anonKey }, token, fetchImpl),

    async candidates(since, quoteId) {
      const rows = v.parse(CandidatesSchema, await rpc('Reading the waiting requests', 'alert_candidates', { since: since.toISOString(), only_quote: quoteId ?? null }));
      return rows.map((row) => ({
        quote: { id: row.id, createdAt: row.created_at, ...fromNamedFields(row) },
        status: row.status,
        taken: row.taken_by === null || row.taken_at === null ? null : { by: row.taken_by, at: row.taken_at },
        sent: row.alerts,
      }));
    },

    async audience() {
      const staff = v.parse(v.array(v.string()), await rpc('Reading the staff', 'staff_emails', {}));
      const response = await fetchImpl(`${url}/rest/v1/on_call_shifts?select=staff,day,start_time,end_time&order=position.asc`, { headers: asService });
      if (!response.ok) throw await failed('Reading the rota', response);
      const rota = v.parse(ShiftsSchema, await response.json()).map(({ staff, day, start_time, end_time }) => ({ staff, day, start: start_time, end: end_time }));
      return { staff, rota };
    },

    async recordAlert(quoteId, record) {
      const recorded = v.parse(
        RecordedSchema,
        await rpc('Recording the alert', 'record_alert', { quote_id: quoteId, step: record.step, recipients: record.recipients, everyone: record.everyone }),
      );
      return recorded?.targets;
    },

    async devicesOf(staff) {
      if (staff.length === 0) return [];
      return v.parse(v.array(DeviceSchema), await rpc('Reading the staff\'s devices', 'staff_push_devices', { emails: staff }));
    },

    async ownDevices(token) {
      const response = await fetchImpl(`${url}/rest/v1/push_devices?select=id,endpoint,p256dh,auth&order=created_at.asc`, {
        headers: { apikey: anonKey, authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw await failed('Reading the staff member\'s devices', response);
      return v.parse(v.array(v.object({ id: v.string(), endpoint: v.string(), p256dh: v.string(), auth: v.string() })), await response.json());
    },

    async delivered(deviceId, at) {
      const response = await fetchImpl(device(deviceId), {
        method: 'PATCH',
        headers: { ...asService, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ last_alert_at: at.toISOString() }),
      });
      if (!response.ok) throw await failed('Recording the delivery', response);
    },

    async forgetDevice(deviceId) {
      const response = await fetchImpl(device(deviceId), { method: 'DELETE', headers: { ...asService, prefer: 'return=minimal' } });
      if (!response.ok) throw await failed('Removing a device that is gone', response);
    },

    async redeemTake(tokenId, quoteId) {
      const answer = v.parse(RedeemSchema, await rpc('Taking the request', 'redeem_take_token', { token_id: tokenId, quote_id: quoteId }));
      return answer.outcome === 'taken' ? { outcome: 'taken', taken: answer.quote.taken } : answer;
    },
  };
}
