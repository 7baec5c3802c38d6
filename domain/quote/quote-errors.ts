import type { QuoteField, RequiredField } from './quote';

export interface FieldIssue {
  field: QuoteField;
  message: string;
}

/** Why a quote request was not accepted: values the UI and the server can tell apart. */
export type QuoteError =
  /** `issues`: what else is wrong in the same round, so every field is named at once. */
  | { kind: 'missing-fields'; fields: RequiredField[]; issues?: FieldIssue[] }
  | { kind: 'invalid-fields'; issues: FieldIssue[] }
  | { kind: 'storage-failure' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export type ValidationError = Extract<QuoteError, { kind: 'missing-fields' | 'invalid-fields' }>;
