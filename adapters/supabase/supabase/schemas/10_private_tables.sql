-- The tables are private. The one way in is the `api` function, which connects as the owner,
-- `postgres`, and applies the product's rules itself; its migrations create the tables at its start.
-- Supabase's API roles get nothing in `public`: not on what is here now, nor (through the default
-- privileges) on what those migrations create later. Row-level security is a second wall
-- (20_row_level_security.sql).
revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from anon, authenticated, service_role;

alter default privileges for role postgres in schema public
  revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke all on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke all on functions from anon, authenticated, service_role;
