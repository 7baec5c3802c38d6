import type { Selectable } from 'kysely';
import * as v from 'valibot';
import { type AlertRecord, type AlertStep, type Taking, alertSteps } from '../../domain/alerts/alert-plan';
import type { AlertRecordsTable } from './database';

/** The columns of `alert_records` an {@link AlertRecord} is made of, with the request it belongs to. */
export const alertRecordColumns = ['quote_id', 'step', 'at', 'recipients', 'everyone'] as const;

type AlertRecordRow = Pick<Selectable<AlertRecordsTable>, (typeof alertRecordColumns)[number]>;

const RecipientsSchema = v.array(v.string());

/** Parses a stored alert step; throws on a row no write of ours could have made. */
function rowToAlertRecord(row: AlertRecordRow): AlertRecord {
  let recipients: unknown;
  try {
    recipients = JSON.parse(row.recipients);
  } catch {
    recipients = undefined;
  }
  const parsed = v.safeParse(RecipientsSchema, recipients);
  if (!parsed.success) throw new Error(`Stored alert ${row.step} of quote request ${row.quote_id} has malformed recipients`);
  return {
    step: parseAlertStep(row.quote_id, row.step),
    at: toDate(row.quote_id, row.at),
    recipients: parsed.output,
    everyone: row.everyone === true || row.everyone === 1,
  };
}

/** A step read back as text, checked against the domain's list (the database checks it too). */
export function parseAlertStep(quoteId: string, step: string): AlertStep {
  const parsed = alertSteps.find((known) => known === step);
  if (parsed === undefined) throw new Error(`Stored alert of quote request ${quoteId} has an unknown step`);
  return parsed;
}

/** Who took a request on and when, from its two columns: null while nobody has. */
export function rowToTaking(quoteId: string, by: string | null, at: Date | string | null): Taking | null {
  if (by === null || at === null) return null;
  return { by, at: toDate(quoteId, at) };
}

/** Groups records by request, each request's oldest first (as the rows come, when they tie). */
export function alertRecordsByQuote(rows: readonly AlertRecordRow[]): Map<string, AlertRecord[]> {
  const byQuote = new Map<string, AlertRecord[]>();
  for (const row of rows) {
    const records = byQuote.get(row.quote_id) ?? [];
    records.push(rowToAlertRecord(row));
    byQuote.set(row.quote_id, records);
  }
  for (const records of byQuote.values()) {
    records.sort((a, b) => a.at.getTime() - b.at.getTime() || alertSteps.indexOf(a.step) - alertSteps.indexOf(b.step));
  }
  return byQuote;
}

function toDate(quoteId: string, value: Date | string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Stored quote request ${quoteId} has a malformed time`);
  return date;
}
