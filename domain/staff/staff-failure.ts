import type { Logger } from '../ports/logger';
import { NotSignedIn } from './staff';

/** What a staff use case answers when its store fails: sign in again, or try later. */
export type StaffFailure = { kind: 'not-signed-in' } | { kind: 'storage-failure' };

/** A store's rejection as a staff use case reports it; anything but a lapsed session is logged. */
export function staffFailureOf(cause: unknown, logger: Logger, action: string): StaffFailure {
  if (cause instanceof NotSignedIn) return { kind: 'not-signed-in' };
  logger.error(`${action} failed`, cause);
  return { kind: 'storage-failure' };
}
