import { isHTTPError, isNetworkError, isTimeoutError, SchemaValidationError, type StandardSchemaV1Issue } from 'ky';
import * as v from 'valibot';
import { QuoteRejected } from '../../domain/quote/quote-rejected';
import { RateLimited } from '../../domain/quote/rate-limited';
import { NotSignedIn } from '../../domain/staff/staff';
import { fromWireError, WireErrorSchema } from '../http-api/wire';

/**
 * The rule a 400 answer names, as the domain's rejection, so the visitor hears which field is wrong.
 * Undefined for anything else, an 'invalid-json' 400 included: that one is our own fault, not theirs.
 */
export function rejectionOf(error: unknown): QuoteRejected | undefined {
  if (!isHTTPError(error) || error.response.status !== 400) return undefined;
  const body = v.safeParse(WireErrorSchema, error.data);
  if (!body.success) return undefined;
  const reason = fromWireError(body.output);
  return reason.kind === 'missing-fields' || reason.kind === 'invalid-fields' ? new QuoteRejected(reason) : undefined;
}

/** A 429 answer as the domain's "wait a while", with the server's Retry-After (a minute if it gave none). */
export function rateLimitOf(error: unknown): RateLimited | undefined {
  if (!isHTTPError(error) || error.response.status !== 429) return undefined;
  const seconds = Number(error.response.headers.get('retry-after'));
  return new RateLimited(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
}

/** Any other failure of a call to the API, as an error that says what happened, for the log. */
export function describeFailure(action: string, error: unknown, timeoutMs: number): Error {
  return new Error(`${action} failed: ${whatHappened(error, timeoutMs)}`, { cause: error });
}

function whatHappened(error: unknown, timeoutMs: number): string {
  if (isTimeoutError(error)) return `the server did not answer within ${timeoutMs} ms`;
  if (isNetworkError(error)) return 'the server could not be reached';
  if (isHTTPError(error)) {
    const body = v.safeParse(WireErrorSchema, error.data);
    const detail = body.success ? `${body.output.error}: ${body.output.message}` : error.response.statusText;
    return `the server answered ${error.response.status}${detail === '' ? '' : ` (${detail})`}`;
  }
  if (error instanceof SchemaValidationError) {
    return `the server's answer is not what the API promises (${summary(error.issues)})`;
  }
  if (error instanceof SyntaxError) return `the server's answer is not JSON (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

function summary(issues: readonly StandardSchemaV1Issue[]): string {
  const shown = issues.slice(0, 3).map(({ message, path = [] }) => {
    const where = path.map((key) => String(typeof key === 'object' ? key.key : key)).join('.');
    return where === '' ? message : `${where}: ${message}`;
  });
  return [...shown, ...(issues.length > 3 ? [`and ${issues.length - 3} more`] : [])].join('; ');
}

/** Whether the server answered the call with this status. */
export const answered = (error: unknown, status: number): boolean => isHTTPError(error) && error.response.status === status;

/** A staff call's failure: NotSignedIn for a 401 (the session has ended), otherwise described. */
export function staffCallFailure(action: string, error: unknown, timeoutMs: number): Error {
  return answered(error, 401) ? new NotSignedIn() : describeFailure(action, error, timeoutMs);
}

/** Runs one staff call, its failure reported as {@link staffCallFailure} says. */
export async function staffCall<T>(action: string, timeoutMs: number, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw staffCallFailure(action, error, timeoutMs);
  }
}
