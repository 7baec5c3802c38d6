import * as v from 'valibot';

// PostgreSQL's timestamptz as PostgREST (and to_jsonb) writes it: 2024-05-01T09:30:00.123456+00:00.
const timestamptz = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

/** A timestamptz from the database, as a Date. */
export const TimestampSchema = v.pipe(
  v.string(),
  v.regex(timestamptz, 'must be a timestamp with a time zone'),
  // Microseconds cut to milliseconds: the format every browser's Date reads alike.
  v.transform((text) => new Date(text.replace(/(\.\d{3})\d+/, '$1'))),
  v.check((date) => !Number.isNaN(date.getTime()), 'must be a real time'),
);

/** Why an answer is not what was asked for, shortly, for the log. */
export function summaryOf(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = v.getDotPath(issue);
    return path === null ? issue.message : `${path}: ${issue.message}`;
  });
  return [...shown, ...(issues.length > 3 ? [`and ${issues.length - 3} more`] : [])].join('; ');
}
