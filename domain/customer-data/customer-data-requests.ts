import { type CustomerData, type CustomerSubject, confirmsSubject, type ErasedCustomerData, parseCustomerSubject, type SubjectFieldError } from './customer-data';
import type { CustomerDataStore } from '../ports/customer-data-store';
import type { Logger } from '../ports/logger';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

export interface CustomerDataDeps {
  customerData: CustomerDataStore;
  logger: Logger;
}

interface InvalidSubject {
  kind: 'invalid-fields';
  fields: SubjectFieldError[];
}

export type FindCustomerDataResult = { ok: true; subject: CustomerSubject; data: CustomerData } | { ok: false; error: InvalidSubject | StaffFailure };

/** Everything held about the customer with this email or phone number (staff only): a subject access request. */
export async function findCustomerData(deps: CustomerDataDeps, input: { email?: unknown; phone?: unknown }): Promise<FindCustomerDataResult> {
  const parsed = parseCustomerSubject(input);
  if (!parsed.ok) return { ok: false, error: { kind: 'invalid-fields', fields: parsed.fields } };
  try {
    return { ok: true, subject: parsed.subject, data: await deps.customerData.findCustomerData(parsed.subject) };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Finding a customer’s data') };
  }
}

export const confirmMessage = 'Type the customer’s email address or phone number again to confirm';

export type EraseCustomerDataResult = { ok: true; subject: CustomerSubject; erased: ErasedCustomerData } | { ok: false; error: InvalidSubject | StaffFailure };

/**
 * Erases everything held about the customer (staff only): every request matching the email or phone
 * number and all that hangs off them, at once or not at all. Only when `confirm` repeats the email or
 * the phone number, so no slip of a finger erases anyone.
 */
export async function eraseCustomerData(
  deps: CustomerDataDeps,
  input: { email?: unknown; phone?: unknown; confirm?: unknown },
): Promise<EraseCustomerDataResult> {
  const parsed = parseCustomerSubject({ email: input.email, phone: input.phone });
  if (!parsed.ok) return { ok: false, error: { kind: 'invalid-fields', fields: parsed.fields } };
  if (typeof input.confirm !== 'string' || !confirmsSubject(parsed.subject, input.confirm)) {
    return { ok: false, error: { kind: 'invalid-fields', fields: [{ field: 'confirm', message: confirmMessage }] } };
  }
  try {
    return { ok: true, subject: parsed.subject, erased: await deps.customerData.eraseCustomerData(parsed.subject) };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Erasing a customer’s data') };
  }
}
