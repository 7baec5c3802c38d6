-- Who may do what with quote requests, through the REST API (PostgREST runs each request as the
-- role anon or authenticated, with the JWT's claims in request.jwt.claims). Two layers, both needed:
-- table privileges decide which commands a role may run at all (a missing one is a permission
-- error), and row-level security policies decide which rows a permitted command sees (a row outside
-- every policy is silently left out, or an insert refused).
--
--   anyone (anon, authenticated)  insert the form's fields and an id, never the time
--   staff (public.is_staff())     select and delete
--   nobody                        update (a request is a record of what the visitor sent)

-- The table starts with no privileges for these roles (revoked where it was created).

-- Column privileges: a visitor sends the form's fields and may send the id, nothing else.
-- created_at always comes from the database's clock, so nobody can backdate a request (or date it
-- ahead of the retention purge). The id may be chosen because anon cannot read the row back: the
-- Supabase adapter makes a UUID and sends it, so the id it reports is the stored one. An id that is
-- taken is refused by the primary key, which tells nothing as nobody can guess another's UUID.
-- There is no SELECT for anon, so an insert must not ask for the row back (Prefer: return=minimal,
-- what supabase-js does unless .select() is chained): asking for it is refused.
grant insert (id, name, email, phone, service_type, description, urgent)
  on table public.quote_requests to anon, authenticated;

-- Signed-in users may attempt to read and delete; the policies below let only staff's rows through.
-- DELETE ... WHERE id = ... also needs SELECT, which authenticated has.
grant select, delete on table public.quote_requests to authenticated;

-- The service role bypasses row-level security; it may read, insert and delete (e.g. to purge old
-- requests), but not update either.
grant select, insert, delete on table public.quote_requests to service_role;

-- The row's shape is checked by the table's CHECK constraints, which hold for every role; the policy
-- only says who may insert.
create policy "anyone may send a quote request"
  on public.quote_requests for insert
  to anon, authenticated
  with check (true);

-- (select ...) lets PostgreSQL evaluate is_staff() once per statement instead of once per row.
create policy "staff read quote requests"
  on public.quote_requests for select
  to authenticated
  using ((select public.is_staff()));

create policy "staff delete quote requests"
  on public.quote_requests for delete
  to authenticated
  using ((select public.is_staff()));

-- No update policy and no update grant: nobody may change a stored request.
