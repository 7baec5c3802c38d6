-- The staff inbox: each request's status, its response time, when it falls due,
-- the text a search looks through, and how the email to the business went.
--
-- The rules live in domain/ and are mirrored here; adapters/supabase/inbox-sql.test.ts runs this SQL on a
-- real PostgreSQL and checks it agrees with them: due_at with domain/response-clock.ts dueAt,
-- search_text with domain/inbox-query.ts searchTextOf.

-- search_text is lower-cased here, and compared with words lower-cased by JavaScript's toLowerCase.
-- lower() folds what the database's collation folds: a database whose locale is not UTF-8 (plain "C")
-- folds only A-Z, and a search for "zoë" would never find "ZOË". Refuse to go on rather than search wrong.
do $$
begin
  if lower('ZOË ÉLODIE ÇA') <> 'zoë élodie ça' then
    raise exception 'lower() does not fold non-ASCII letters in this database (lower(''É'') is %): create it with a UTF-8 locale such as C.UTF-8',
      lower('É');
  end if;
end;
$$;

-- Milliseconds, as JavaScript's Date holds them. The inbox pages by (created_at, id): a cursor made
-- in the browser carries milliseconds, so microseconds the browser never saw would make two requests
-- of one millisecond page wrongly. Existing values are rounded once; now() is rounded on insert.
alter table public.quote_requests alter column created_at type timestamptz(3);

alter table public.quote_requests
  -- Every stored request starts, and every existing one stays, waiting for its call back.
  add column status text not null default 'new',
  -- When staff first marked it contacted: set with the status, by public.change_quote_status only.
  add column responded_at timestamptz,
  -- How the email to the business went: written by the send-quote-notification function alone,
  -- with the service role (the column grants below), never by a visitor or staff.
  add column business_email_sent_at timestamptz,
  add column business_email_error text,
  -- When the call back is due: 30 minutes for an urgent request, 2 hours for any other
  -- (domain/business.ts responsePromise). In UTC, so adding minutes is immutable, as a generated
  -- column must be (timestamptz + interval is only stable: it depends on the session's time zone).
  add column due_at timestamptz generated always as (
    ((created_at at time zone 'UTC') + case when urgent then interval '30 minutes' else interval '120 minutes' end)
      at time zone 'UTC'
  ) stored,
  -- What a search looks through (domain/inbox-query.ts searchTextOf): name, email, phone as typed
  -- and as digits alone, description, one per line, lower-cased. Stored, so a search reads it.
  add column search_text text generated always as (
    lower(
      name || E'\n' || coalesce(email, '') || E'\n' || phone || E'\n' || regexp_replace(phone, '[^0-9]', '', 'g')
        || E'\n' || coalesce(description, '')
    )
  ) stored,
  add constraint quote_requests_status check (status in ('new', 'contacted', 'quoted', 'won', 'lost')),
  -- Only the first call back leaves 'new', and it records the response time; nothing returns to 'new'.
  add constraint quote_requests_responded check ((status = 'new') = (responded_at is null)),
  add constraint quote_requests_business_email_error_length check (char_length(business_email_error) between 1 and 500);

-- The function records delivery with the service key; it may change those two columns and no other.
grant update (business_email_sent_at, business_email_error) on table public.quote_requests to service_role;

-- The inbox's two orders, each with its keyset: the waiting view (status 'new') by when it falls due,
-- every other view newest first. The first index replaces the one on created_at alone.
drop index public.quote_requests_newest_first;
create index quote_requests_newest_first on public.quote_requests (created_at desc, id desc);
create index quote_requests_status_newest_first on public.quote_requests (status, created_at desc, id desc);
create index quote_requests_waiting on public.quote_requests (due_at, id) where status = 'new';
