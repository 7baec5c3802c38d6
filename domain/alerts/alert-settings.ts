import * as v from 'valibot';
import { OnCallRotaSchema, type OnCallShift } from './on-call';
import type { AlertSettings } from '../ports/alert-settings';
import type { Logger } from '../ports/logger';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

/** One thing wrong with a rota, named as the wire names it: `shifts.2.start`, or `shifts` for the list. */
export interface RotaIssue {
  field: string;
  message: string;
}

/**
 * Thrown by an AlertSettings whose backend refused a rota for one of the domain's rules (a server
 * that validates again), so staff hear which shift and which field is wrong.
 */
export class RotaRejected extends Error {
  constructor(readonly issues: readonly RotaIssue[]) {
    super(`Rota rejected: ${issues.map(({ field }) => field).join(', ')}`);
    this.name = 'RotaRejected';
  }
}

/** A rota as the rules take it (times trimmed), or every issue with it, each naming its field. */
export function parseRota(shifts: unknown): { ok: true; shifts: OnCallShift[] } | { ok: false; issues: RotaIssue[] } {
  const parsed = v.safeParse(OnCallRotaSchema, shifts);
  if (parsed.success) return { ok: true, shifts: parsed.output };
  const issues = parsed.issues.map((issue) => ({
    field: ['shifts', ...(issue.path ?? []).map(({ key }) => String(key))].join('.'),
    message: issue.message,
  }));
  // One message per field: the first rule it broke.
  return { ok: false, issues: issues.filter((issue, index) => issues.findIndex(({ field }) => field === issue.field) === index) };
}

export interface AlertSettingsDeps {
  alerts: AlertSettings;
  logger: Logger;
}

export type AlertSettingsResult<T> = { ok: true; value: T } | { ok: false; error: StaffFailure };

/**
 * One call to the signed-in staff member's alert settings (their devices, the test alert, the rota),
 * its failure as a value: sign in again, or try later (logged, with `action` saying what failed).
 */
export async function callAlertSettings<T>(deps: AlertSettingsDeps, action: string, call: (alerts: AlertSettings) => Promise<T>): Promise<AlertSettingsResult<T>> {
  try {
    return { ok: true, value: await call(deps.alerts) };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, action) };
  }
}

export type SaveRotaResult = { ok: true; shifts: OnCallShift[] } | { ok: false; error: { kind: 'invalid-rota'; issues: readonly RotaIssue[] } | StaffFailure };

/**
 * Replaces the on-call rota, if every shift keeps the rules: otherwise nothing is saved and each
 * issue names its shift and field, whether found here or by the backend.
 */
export async function saveOnCallRota(deps: AlertSettingsDeps, shifts: readonly OnCallShift[]): Promise<SaveRotaResult> {
  const parsed = parseRota(shifts);
  if (!parsed.ok) return { ok: false, error: { kind: 'invalid-rota', issues: parsed.issues } };
  try {
    await deps.alerts.saveRota(parsed.shifts);
    return { ok: true, shifts: parsed.shifts };
  } catch (cause) {
    if (cause instanceof RotaRejected) return { ok: false, error: { kind: 'invalid-rota', issues: cause.issues } };
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Saving the on-call rota') };
  }
}
