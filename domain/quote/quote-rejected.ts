import type { ValidationError } from './quote-errors';

/**
 * Thrown by a repository whose store refused a request for one of the domain's own rules (a server
 * that validates again, a database check constraint), so the visitor hears which field is wrong.
 */
export class QuoteRejected extends Error {
  constructor(readonly reason: ValidationError) {
    super(`Quote request rejected: ${reason.kind}`);
    this.name = 'QuoteRejected';
  }
}
