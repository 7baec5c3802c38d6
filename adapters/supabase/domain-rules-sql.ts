// The domain's rules in a Supabase project's SQL, written from domain/ rather than typed in: the
// response promise and its due time, the fields' limits, the service types, the statuses and their
// moves, the districts the business covers, the text a search looks through, the photos' limits and policies,
// the spam rules and the customer link. `npm run supabase:rules` writes this as a migration
// (domain-rules-migration.ts); domain-rules-sql.test.ts fails while the newest one is out of date.
import { responseClockMinutes, responsePromise, serviceArea } from '../../domain/business';
import { deliveryErrorMaxLength, noteMaxLength } from '../../domain/inbox/inbox-quote';
import { emailAddressPattern, localPartMaxLength } from '../../domain/quote/email-address';
import { invisibleCharacterClass } from '../../domain/quote/invisible-characters';
import { describeField, quoteFieldList, quoteFields, searchableFields } from '../../domain/quote/quote';
import { nextStatuses, quoteStatuses, waitingStatus } from '../../domain/inbox/quote-status';
import { defaultRetentionMonths } from '../../domain/customer-data/retention';
import { staffEmailMaxLength } from '../../domain/staff/staff';
import { serviceTypes } from '../../domain/quote/service-type';
import { defaultSpamRetentionDays } from '../../domain/spam/spam';
import { alertFunctionsSql } from './alert-functions-sql';
import { customerLinkFunctionsSql } from './customer-link-functions-sql';
import { inboxFunctionsSql } from './inbox-functions-sql';
import { photoFunctionsSql } from './photo-functions-sql';
import { spamFunctionsSql } from './spam-functions-sql';
import { identifier, literal, literalList, whole } from './sql-text';

/** The fields with a length limit, as columns: each has a CHECK named quote_requests_<column>_length. */
const limitedFields = quoteFieldList.flatMap((field) => {
  const description = describeField(field);
  return description.maxLength === undefined ? [] : [{ column: identifier(description.name), maxLength: description.maxLength }];
});

// Immutable, so generated columns and CHECK constraints may call them; `set search_path = ''` as every
// function of ours has. Executable by everyone who may insert a request: its CHECKs and generated
// columns call them on the inserting role's behalf. They tell nothing the site does not say.
const ruleFunctions = `
create or replace function public.quote_promise_minutes(urgent boolean)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case when quote_promise_minutes.urgent then ${whole(responsePromise.urgentMinutes)} else ${whole(responsePromise.standardMinutes)} end
$$;

comment on function public.quote_promise_minutes(boolean) is
  'Minutes within which staff promise to call back (domain/business.ts responsePromise).';

create or replace function public.quote_due_soon_minutes(urgent boolean)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case when quote_due_soon_minutes.urgent then ${whole(responseClockMinutes.urgentDueSoon)} else ${whole(responseClockMinutes.standardDueSoon)} end
$$;

comment on function public.quote_due_soon_minutes(boolean) is
  'The last minutes before a request falls due, when the inbox calls it due soon (domain/business.ts responseClockMinutes).';

-- In UTC, so adding minutes is immutable (timestamptz + interval is only stable: it depends on the
-- session's time zone).
create or replace function public.quote_due_at(created_at timestamptz, urgent boolean)
  returns timestamptz
  language sql
  immutable
  set search_path = ''
as $$
  select ((quote_due_at.created_at at time zone 'UTC')
          + pg_catalog.make_interval(mins => public.quote_promise_minutes(quote_due_at.urgent))) at time zone 'UTC'
$$;

comment on function public.quote_due_at(timestamptz, boolean) is
  'When the call back is due: the promise counted from the moment the request was stored (domain/response-clock.ts dueAt).';

create or replace function public.quote_field_max_length(field text)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case quote_field_max_length.field
${limitedFields.map(({ column, maxLength }) => `    when ${literal(column)} then ${whole(maxLength)}`).join('\n')}
  end
$$;

comment on function public.quote_field_max_length(text) is
  'The most characters a field of a quote request may have, by its column (domain/quote.ts quoteFields).';

create or replace function public.quote_status_move_allowed(from_status text, to_status text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select (from_status, to_status) in (
${quoteStatuses
  .flatMap((from) => nextStatuses[from].map((to) => `    (${literal(from)}, ${literal(to)})`))
  .join(',\n')}
  )
$$;

-- The outward code is the text before the space of a normalised postcode (domain/postcode.ts
-- outwardCodeOf); a request without a postcode is neither inside nor outside (null).
create or replace function public.quote_in_service_area(postcode text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select pg_catalog.split_part(quote_in_service_area.postcode, ' ', 1) in ${literalList(serviceArea.outwardCodes)}
$$;

comment on function public.quote_in_service_area(text) is
  'Whether a normalised postcode lies in the districts the business usually covers (domain/postcode.ts isInServiceArea); null for none.';

-- The inbox's area filter calls it as the signed-in user; nobody else needs it.
revoke execute on function public.quote_in_service_area(text) from public, anon, authenticated, service_role;
grant execute on function public.quote_in_service_area(text) to authenticated, service_role;
${['quote_promise_minutes(boolean)', 'quote_due_soon_minutes(boolean)', 'quote_due_at(timestamptz, boolean)', 'quote_field_max_length(text)']
  .map(
    (signature) => `
revoke execute on function public.${signature} from public, anon, authenticated, service_role;
grant execute on function public.${signature} to anon, authenticated, service_role;`,
  )
  .join('')}
`;

/**
 * What a search looks through, as domain/inbox-query.ts searchTextOf writes it: each searchable field
 * in the form's order, a phone number also as its digits (JavaScript's \D is [^0-9]), one per line,
 * lower-cased.
 */
function searchTextSql(): string {
  const parts = searchableFields.flatMap((field) => {
    const value = `coalesce(${identifier(quoteFields[field].name)}, '')`;
    return quoteFields[field].kind === 'phone' ? [value, `regexp_replace(${value}, '[^0-9]', '', 'g')`] : [value];
  });
  return `lower(${parts.join(` || E'\\n' || `)})`;
}

const lengthChecks = limitedFields.map(
  ({ column }) => `quote_requests_${column}_length check (char_length(${column}) between 1 and public.quote_field_max_length(${literal(column)}))`,
);

/** The columns of single-line text, which the domain keeps clear of invisible characters. */
const lineColumns = quoteFieldList.flatMap((field) => {
  const { kind, name } = describeField(field);
  return kind === 'text' || kind === 'phone' || kind === 'email' ? [identifier(name)] : [];
});
const emailColumns = quoteFieldList.flatMap((field) => (describeField(field).kind === 'email' ? [identifier(describeField(field).name)] : []));

// Added after these rules were first made, so NOT VALID: they hold for every new row, and a row stored
// before them is kept as it is (the card and the emails encode and clean what they show of it).
const newRowChecks = [
  ...lineColumns.map((column) => `quote_requests_${column}_visible check (${column} !~ ${literal(invisibleCharacterClass)}) not valid`),
  ...emailColumns.map(
    (column) =>
      `quote_requests_${column}_address check (${column} ~ ${literal(emailAddressPattern)} and char_length(split_part(${column}, '@', 1)) <= ${whole(localPartMaxLength)}) not valid`,
  ),
];

const requestChecks = [
  ...lengthChecks,
  ...newRowChecks,
  `quote_requests_service_type check (service_type in ${literalList(serviceTypes)})`,
  `quote_requests_status check (status in ${literalList(quoteStatuses)})`,
  // Only the first call back leaves the waiting status, and it records the response time; nothing
  // returns. A customer closing their request from the link leaves it too, with no call back.
  `quote_requests_responded check (status <> ${literal(waitingStatus)} or responded_at is null)`,
  `quote_requests_business_email_error_length check (char_length(business_email_error) between 1 and ${whole(deliveryErrorMaxLength)})`,
];

const constraintName = (check: string) => check.slice(0, check.indexOf(' '));

// The generated columns go first (with the index on due_at), so the functions they call may change;
// then everything comes back from today's rules. A stored column is computed again for every row.
const requestRules = `
alter table public.quote_requests drop column due_at;
alter table public.quote_requests drop column search_text;
alter table public.quote_requests
${requestChecks.map((check) => `  drop constraint if exists ${constraintName(check)}`).join(',\n')};
alter table public.quote_notes
  drop constraint if exists quote_notes_text_length,
  drop constraint if exists quote_notes_written_by_length;
alter table public.quote_status_changes drop constraint if exists quote_status_changes_changed_by_length;
${ruleFunctions}
alter table public.quote_requests
  alter column status set default ${literal(waitingStatus)},
  add column due_at timestamptz generated always as (public.quote_due_at(created_at, urgent)) stored,
  add column search_text text generated always as (
    ${searchTextSql()}
  ) stored,
${requestChecks.map((check) => `  add constraint ${check}`).join(',\n')};

alter table public.quote_notes
  add constraint quote_notes_text_length check (char_length(text) between 1 and ${whole(noteMaxLength)}),
  add constraint quote_notes_written_by_length check (char_length(written_by) between 1 and ${whole(staffEmailMaxLength)});
alter table public.quote_status_changes
  add constraint quote_status_changes_changed_by_length check (char_length(changed_by) between 1 and ${whole(staffEmailMaxLength)});

-- The waiting view by when each request falls due (see 20261201070000_quote_requests_inbox_columns.sql).
create index quote_requests_waiting on public.quote_requests (due_at, id) where status = ${literal(waitingStatus)};
`;

// How long requests are kept (domain/retention.ts) and requests in the Spam folder (domain/spam.ts):
// the purges' defaults, and the daily job that runs both where pg_cron is (cron.schedule replaces a job
// of the same name). See 20261121070300_purge_expired_quote_requests.sql.
const retention = `
create or replace function public.purge_expired_quote_requests(retention_months integer default ${whole(defaultRetentionMonths)})
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  if retention_months < 1 then
    raise exception 'retention_months must be at least 1, not %', retention_months;
  end if;
  delete from public.quote_requests
  where created_at < now() - make_interval(months => retention_months);
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

-- The Spam folder's requests, once sent more than retention_days ago (SPAM_RETENTION_DAYS elsewhere;
-- here, the number in the job below).
create or replace function public.purge_spam_quote_requests(retention_days integer default ${whole(defaultSpamRetentionDays)})
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  if retention_days < 1 then
    raise exception 'retention_days must be at least 1, not %', retention_days;
  end if;
  return public.delete_spam_sent_before(now() - make_interval(days => retention_days));
end;
$$;

revoke execute on function public.purge_spam_quote_requests(integer) from public, anon, authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'purge-expired-quote-requests',
      '17 3 * * *',
      'select public.purge_expired_quote_requests(${whole(defaultRetentionMonths)}); select public.purge_spam_quote_requests(${whole(defaultSpamRetentionDays)})'
    );
  end if;
end;
$$;
`;

const header = `-- The domain's rules, written by \`npm run supabase:rules\` from domain/ (adapters/supabase/domain-rules-sql.ts).
-- Do not edit: change the rule in domain/ and run the script, which writes a new migration like this one.
-- Each run replaces everything the one before it made, so only the newest such migration counts.
`;

/** The migration that brings a Supabase project's SQL to today's domain rules. */
export function domainRulesSql(): string {
  return `${header}${requestRules}${photoFunctionsSql()}${inboxFunctionsSql()}${alertFunctionsSql()}${spamFunctionsSql()}${customerLinkFunctionsSql()}${retention}`;
}
