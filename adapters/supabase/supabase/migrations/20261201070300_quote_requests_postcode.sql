-- The postcode a visitor may give with a request (domain/quote.ts quoteFields.postcode): optional, so
-- NULL when not given, as it is for every request stored before. Its length CHECK, its place in
-- search_text and public.quote_in_service_area come from domain/ in the rules migration after this
-- one (`npm run supabase:rules`), as every field's rules do.
alter table public.quote_requests add column postcode text;

comment on column public.quote_requests.postcode is
  'The postcode the visitor gave, normalised (SE1 7PB, or an outward code alone: SE1); NULL when none.';

-- Visitors insert by column (20261121070200_quote_requests_access.sql): the postcode is one of the
-- form's fields. Staff read it with the table's SELECT, under the same policy as every column; there
-- is no UPDATE for anyone, so nobody changes it once sent.
grant insert (postcode) on table public.quote_requests to anon, authenticated;
