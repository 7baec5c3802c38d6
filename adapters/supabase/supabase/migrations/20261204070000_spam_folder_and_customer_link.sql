-- The Spam folder and the customer's private link (domain/spam.ts, domain/customer-link.ts).
--
-- Spam: every request is judged as it is inserted, by a trigger the rules migration writes from
-- domain/spam.ts (adapters/supabase/spam-functions-sql.ts), so the browser never decides whether its
-- own request is spam. One judged spam keeps its score, its reasons and when it was sent; "Not spam"
-- (public.clear_spam) records who said so and when. A request is in the Spam folder while it has a
-- score and nobody has cleared it.
--
-- The customer's link: the browser makes the token (32 random bytes) and inserts only its SHA-256
-- hash; the customer-request edge function finds the request by that hash with the service role.
-- Nobody else, anon least of all, reads a request through it.

alter table public.quote_requests
  -- What the visitor's page said of the field only bots see (domain/spam.ts Arrival.honeypotFilled).
  add column honeypot_filled boolean not null default false,
  -- The description as the spam rules compare it with others (domain/spam.ts spamTextKey), or null.
  add column spam_text_key text,
  -- The verdict of one judged spam: null for every other request.
  add column spam_score integer,
  add column spam_reasons jsonb,
  add column spam_sent_at timestamptz(3),
  -- Who moved it out of the Spam folder ("Not spam"), and when: null while it is in it.
  add column spam_cleared_by text,
  add column spam_cleared_at timestamptz(3),
  -- The hex SHA-256 of the customer's token; null for a request stored without one.
  add column customer_token_hash text,
  add constraint quote_requests_spam_mark check (
    (spam_score is null) = (spam_reasons is null) and (spam_score is null) = (spam_sent_at is null)
  ),
  add constraint quote_requests_spam_cleared check (
    (spam_cleared_by is null) = (spam_cleared_at is null) and (spam_cleared_at is null or spam_score is not null)
  ),
  add constraint quote_requests_spam_cleared_by_length check (char_length(spam_cleared_by) between 1 and 254),
  add constraint quote_requests_customer_token_hash check (customer_token_hash ~ '^[0-9a-f]{64}$');

-- How many requests of the last day share a description: the trigger counts them on every insert.
create index quote_requests_spam_text_key on public.quote_requests (spam_text_key, created_at) where spam_text_key is not null;
-- One request per token, found by its hash.
create unique index quote_requests_customer_token_hash on public.quote_requests (customer_token_hash) where customer_token_hash is not null;
-- The Spam folder, newest first, and its purge.
create index quote_requests_spam_folder on public.quote_requests (created_at desc, id desc)
  where spam_score is not null and spam_cleared_at is null;

-- A visitor sends the honeypot's state and the token's hash with the form's fields; never a verdict,
-- which the trigger writes (column privileges hold for the columns an insert names, not for what a
-- trigger sets).
grant insert (honeypot_filled, customer_token_hash) on table public.quote_requests to anon, authenticated;
