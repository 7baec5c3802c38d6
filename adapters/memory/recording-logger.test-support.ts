import type { Logger } from '../../domain/ports/logger';

/** A Logger that keeps what it is told instead of printing it: the tests' fake. */
export function recordingLogger() {
  const errors: { message: string; cause: unknown }[] = [];
  const logger: Logger = {
    error: (message, cause) => {
      errors.push({ message, cause });
    },
  };
  return { logger, errors };
}
