import * as v from 'valibot';

/** A time on the wire: an ISO 8601 string, as `Date.prototype.toISOString` writes it. */
export const IsoTimeSchema = v.pipe(v.string(), v.isoTimestamp());
