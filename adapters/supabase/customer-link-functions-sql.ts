// The customer's private link on a Supabase project (domain/customer-link.ts): the calls the
// customer-link edge function makes with the service role, each finding the request by the hex
// SHA-256 of the token (the only form the database holds it in). Nobody else may call them: anon
// never reads a request, through a link or otherwise. The column comes from
// 20261204070000_spam_folder_and_customer_link.sql.
import { customerAuthor, noLongerNeededReason } from '../../domain/customer-link/customer-link';
import { literal } from './sql-text';

const customer = literal(customerAuthor);

/** The customer's requests, messages and closing: functions and the rules a customer's close needs. */
export function customerLinkFunctionsSql(): string {
  return `
-- A customer may close a request from any status but lost ("No longer needed"), which is no move staff
-- make: the history keeps it under ${customer}, which no staff email can be (each has an @). A request
-- closed from the Waiting view was never called back, so it has no response time.
alter table public.quote_status_changes drop constraint if exists quote_status_changes_move;
alter table public.quote_status_changes add constraint quote_status_changes_move check (
  public.quote_status_move_allowed(from_status, to_status)
  or (changed_by = ${customer} and to_status = 'lost' and from_status <> 'lost')
);

-- The request whose token hashes to token_hash, as the inbox shows it (the function shows the
-- customer only what is theirs); null for none.
create or replace function public.customer_request(token_hash text)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select public.inbox_quote_json(q) from public.quote_requests q where q.customer_token_hash = customer_request.token_hash
$$;

-- Adds the customer's message as a note by ${customer}, now; the request as it is then, or null for none.
create or replace function public.add_customer_message(token_hash text, message text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  found public.quote_requests;
begin
  select q.* into found from public.quote_requests q where q.customer_token_hash = add_customer_message.token_hash for update;
  if found.id is null then
    return null;
  end if;
  insert into public.quote_notes (quote_id, text, written_by) values (found.id, add_customer_message.message, ${customer});
  return public.inbox_quote_json(found);
end;
$$;

-- "No longer needed": closes the request as lost for the customer, now, with a change of status and
-- a note by ${customer} saying so; a request already lost is left as it is. The request as it is then,
-- or null for none.
create or replace function public.close_for_customer(token_hash text)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  found public.quote_requests;
  was text;
begin
  select q.* into found from public.quote_requests q where q.customer_token_hash = close_for_customer.token_hash for update;
  if found.id is null then
    return null;
  end if;
  was := found.status;
  if was <> 'lost' then
    update public.quote_requests q set status = 'lost' where q.id = found.id returning q.* into found;
    insert into public.quote_status_changes (quote_id, from_status, to_status, changed_by)
    values (found.id, was, 'lost', ${customer});
    insert into public.quote_notes (quote_id, text, written_by) values (found.id, ${literal(noLongerNeededReason)}, ${customer});
  end if;
  return public.inbox_quote_json(found);
end;
$$;

${['customer_request(text)', 'add_customer_message(text, text)', 'close_for_customer(text)']
  .map(
    (signature) => `revoke execute on function public.${signature} from public, anon, authenticated, service_role;
grant execute on function public.${signature} to service_role;`,
  )
  .join('\n')}
`;
}
