// The spam rules on a Supabase project, written from domain/spam.ts and domain/spam-text.ts: there is
// no server of ours in this mode, and the browser cannot be trusted to judge its own request, so a
// trigger judges every insert in the database. Only the signals the database can see are judged:
// the hidden field's state (as the page reports it), links in the name and the description, the same
// description many times in a day, throwaway email domains and impossible phone numbers. There is no
// form token in this mode, so neither 'too-fast' nor 'no-form-token' is ever charged; and 'not-words'
// is left to modes with a server (its word rules are JavaScript's). The columns come from
// 20261204070000_spam_folder_and_customer_link.sql; adapters/supabase/spam-sql.test.ts checks the
// verdict against judgeSpam.
import { type SpamSignal, disposableDomains, disposableNames, manyLinks, repeatedFrom, spamSignals, spamThreshold, spamWeights } from '../../domain/spam/spam';
import { bareDomainEndings, minimumKeyLength } from '../../domain/spam/spam-text';
import { literal, literalList, whole } from './sql-text';
import { unicodeClassSql } from './unicode-class-sql';

/** How far back the same description counts as recent (domain/ports.ts QuoteRepository.insert: 24 hours). */
const recentHours = 24;

/** Whether a request (alias `q`) is in the Spam folder: judged spam, and nobody has said otherwise (domain/spam.ts inSpamFolder). */
export const inSpamFolderSql = (alias: string): string => `(${alias}.spam_score is not null and ${alias}.spam_cleared_at is null)`;

// JavaScript's classes, for PostgreSQL (see unicode-class-sql.ts).
const space = unicodeClassSql(/\s/u);
const letterOrDigit = unicodeClassSql(/[\p{L}\p{N}]/u);
const wordCharacter = unicodeClassSql(/[\p{L}\p{M}\p{N}]/u);
const format = unicodeClassSql(/\p{Cf}/u);

/**
 * Where the pattern below holds the letters and digits, written once into the function and put in its
 * five places when it runs (PostgreSQL keeps the compiled pattern), to keep the migration short.
 */
const lettersOrDigits = '{letters-or-digits}';

/** domain/spam-text.ts's link patterns, in PostgreSQL's syntax with JavaScript's classes ({@link lettersOrDigits} to be filled in). */
function linkPatternSql(): string {
  const letterOrDigit = lettersOrDigits;
  const label = `[${letterOrDigit}](?:[${letterOrDigit}-]*[${letterOrDigit}])?`;
  const endings = bareDomainEndings.split('|');
  if (!endings.every((ending) => /^[a-z]+$/.test(ending))) throw new Error('a bare domain ending is not plain letters');
  return [
    `\\[[^\\]\\n]*\\]\\([^)${space}]+\\)`,
    `\\[url(?:=[^\\]]*)?\\](?:[^\\[]*\\[/url\\])?`,
    `<a[${space}][^>]*>(?:[^<]*</a>)?`,
    `https?://[^${space}]+`,
    `www\\.[^${space}]+`,
    `(?<![${letterOrDigit}@.-])(?:${label}\\.)+(?:${endings.join('|')})(?![${letterOrDigit}-])(?:/[^${space}]*)?`,
  ].join('|');
}

const emailAddressPattern = `[^${space}@]+@[^${space}@]+`;

/** Seven of one digit, or seven counting up or down with 9 next to 0: domain/spam.ts hasMadeUpRun. */
function madeUpRunsSql(): string {
  const digits = Array.from({ length: 10 }, (_, digit) => digit);
  const run = (first: number, step: number) => Array.from({ length: 7 }, (_, at) => (first + step * at + 70) % 10).join('');
  return digits.flatMap((first) => [run(first, 0), run(first, 1), run(first, -1)]).join('|');
}

/** What the database can judge of each signal, as an SQL condition on the verdict function's arguments. */
const judgedInSql: Partial<Record<SpamSignal, string>> = {
  honeypot: 'coalesce(spam_verdict.honeypot_filled, false)',
  'links-in-name': 'public.spam_link_count(spam_verdict.name) > 0',
  'many-links': `spam_verdict.description is not null and public.spam_link_count(spam_verdict.description) >= ${whole(manyLinks)}`,
  repeated: `spam_verdict.same_text_recently >= ${whole(repeatedFrom)} and public.spam_text_key(spam_verdict.description) is not null`,
  'disposable-email': 'spam_verdict.email is not null and public.spam_disposable_email(spam_verdict.email)',
  'impossible-phone': 'public.spam_impossible_phone(spam_verdict.phone)',
};

/** The signals the database judges, in the order staff read them. */
export const spamSignalsJudgedInSql: readonly SpamSignal[] = spamSignals.filter((signal) => judgedInSql[signal] !== undefined);

const verdictRows = spamSignalsJudgedInSql
  .map((signal, position) => `      (${literal(signal)}, ${whole(spamWeights[signal])}, ${whole(position)}, ${judgedInSql[signal] ?? 'false'})`)
  .join(',\n');

/** The spam rules' functions, the trigger that judges each insert, "Not spam", and the Spam folder's purge. */
export function spamFunctionsSql(): string {
  return `
-- How many links a text holds, as domain/spam-text.ts countLinks: email addresses taken out first,
-- then web addresses, www., bare domains, markdown, BBCode and HTML links counted.
create or replace function public.spam_link_count(content text)
  returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select pg_catalog.regexp_count(
    pg_catalog.regexp_replace(spam_link_count.content, ${literal(emailAddressPattern)}, ' ', 'g'),
    pg_catalog.replace(${literal(linkPatternSql())}, ${literal(lettersOrDigits)}, ${literal(letterOrDigit)}),
    1,
    'i')
$$;

-- A description as the rules compare it with others (domain/spam-text.ts textKey): NFKC, lower case,
-- invisible formatting gone, every run of other than letters, marks and digits one space; null when
-- none, or shorter than ${whole(minimumKeyLength)} (counted as JavaScript counts, in UTF-16 units).
create or replace function public.spam_text_key(description text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select case when pg_catalog.char_length(k.key) + pg_catalog.regexp_count(k.key, '[\\U00010000-\\U0010ffff]') >= ${whole(minimumKeyLength)} then k.key end
    from (select pg_catalog.btrim(
                   pg_catalog.regexp_replace(
                     pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.normalize(spam_text_key.description, 'NFKC')), ${literal(`[${format}]`)}, '', 'g'),
                     ${literal(`[^${wordCharacter}]+`)}, ' ', 'g'),
                   ' ') as key) k
$$;

-- Whether an email address is at a throwaway mail service (domain/spam.ts isDisposableEmail): its
-- domain, or any domain it is under, on the list; or a label of it one of the names used under any
-- top-level domain.
create or replace function public.spam_disposable_email(email text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select exists (select 1 from pg_catalog.generate_subscripts(d.labels, 1) as i
                  where pg_catalog.array_to_string(d.labels[i:], '.') in ${literalList(disposableDomains)})
      or d.labels[1:pg_catalog.cardinality(d.labels) - 1] && array${literalList(disposableNames).replace(/^\(/, '[').replace(/\)$/, ']')}::text[]
    from (select pg_catalog.string_to_array(pg_catalog.lower(pg_catalog.regexp_replace(spam_disposable_email.email, '^.*@', '')), '.') as labels) d
$$;

-- Whether a phone number cannot be anyone's (domain/spam.ts isImpossiblePhone): a UK number (44 after
-- public.phone_number_key) whose first digit or length no number has, or any number with seven of
-- one digit or seven counting up or down.
create or replace function public.spam_impossible_phone(phone text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select case
    when k.digits not like '44%' then k.digits ~ ${literal(madeUpRunsSql())}
    else pg_catalog.substr(k.digits, 3) !~ '^([237][0-9]{9}|[18][0-9]{8,9})$' or pg_catalog.substr(k.digits, 3) ~ ${literal(madeUpRunsSql())}
  end
    from (select public.phone_number_key(spam_impossible_phone.phone) as digits) k
$$;

-- The verdict on a request (domain/spam.ts judgeSpam) from what the database knows of it:
-- {"score", "reasons": [{"signal", "weight"}, …] in the order staff read them, "spam"}. Spam from a
-- score of ${whole(spamThreshold)}.
create or replace function public.spam_verdict(
  name text, email text, phone text, description text, honeypot_filled boolean, same_text_recently integer
)
  returns jsonb
  language sql
  immutable
  set search_path = ''
as $$
  select jsonb_build_object(
           'score', coalesce(sum(s.weight), 0),
           'reasons', coalesce(jsonb_agg(jsonb_build_object('signal', s.signal, 'weight', s.weight) order by s.position), '[]'::jsonb),
           'spam', coalesce(sum(s.weight), 0) >= ${whole(spamThreshold)})
    from (values
${verdictRows}
    ) as s(signal, weight, position, found)
   where s.found
$$;

-- Judges every request as it is inserted, whoever inserts it: the browser cannot skip it, nor set a
-- verdict of its own (it may not insert those columns, and this sets them all). The same description
-- is counted among the requests stored in the last ${whole(recentHours)} hours. security definer: it reads
-- the other requests, which a visitor may not.
create or replace function public.judge_quote_request()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  recent integer := 0;
  verdict jsonb;
begin
  new.spam_text_key := public.spam_text_key(new.description);
  if new.spam_text_key is not null then
    select count(*) into recent
      from public.quote_requests q
     where q.spam_text_key = new.spam_text_key
       and q.created_at >= pg_catalog.now() - pg_catalog.make_interval(hours => ${whole(recentHours)});
  end if;
  verdict := public.spam_verdict(new.name, new.email, new.phone, new.description, new.honeypot_filled, recent);
  if (verdict ->> 'spam')::boolean then
    new.spam_score := (verdict ->> 'score')::integer;
    new.spam_reasons := verdict -> 'reasons';
    new.spam_sent_at := pg_catalog.now();
  else
    new.spam_score := null;
    new.spam_reasons := null;
    new.spam_sent_at := null;
  end if;
  new.spam_cleared_by := null;
  new.spam_cleared_at := null;
  return new;
end;
$$;

drop trigger if exists quote_requests_judge_spam on public.quote_requests;
create trigger quote_requests_judge_spam
  before insert on public.quote_requests
  for each row execute function public.judge_quote_request();

-- "Not spam", for staff: moves a request out of the Spam folder to Waiting, recording the caller's
-- JWT email and the database's time. From then it counts as arriving now: created_at (and with it the
-- due time) becomes now, and spam_sent_at keeps when it was sent. The browser then asks the email and
-- alert functions as for a new request.
--   {"outcome": "cleared", "quote": <inbox_quote_json>}   {"outcome": "not-spam"}   {"outcome": "not-found"}
create or replace function public.clear_spam(quote_id uuid)
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller text := auth.jwt() ->> 'email';
  cleared public.quote_requests;
begin
  if not public.is_staff() then
    raise exception 'permission denied for function clear_spam' using errcode = '42501';
  end if;
  if caller is null or caller = '' then
    raise exception 'the caller''s token has no email to record the clearing under' using errcode = '42501';
  end if;
  update public.quote_requests q
     set spam_cleared_by = caller, spam_cleared_at = pg_catalog.now(), created_at = pg_catalog.now()
   where q.id = clear_spam.quote_id and ${inSpamFolderSql('q')}
  returning q.* into cleared;
  if cleared.id is not null then
    return jsonb_build_object('outcome', 'cleared', 'quote', public.inbox_quote_json(cleared));
  end if;
  if exists (select 1 from public.quote_requests q where q.id = clear_spam.quote_id) then
    return jsonb_build_object('outcome', 'not-spam');
  end if;
  return jsonb_build_object('outcome', 'not-found');
end;
$$;

-- Deletes the requests still in the Spam folder that were sent before \`cutoff\`; says how many
-- (domain/ports.ts QuoteRetention.deleteSpamBefore). Their photos' files go with purge-photos.
create or replace function public.delete_spam_sent_before(cutoff timestamptz)
  returns integer
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.quote_requests q where ${inSpamFolderSql('q')} and q.spam_sent_at < delete_spam_sent_before.cutoff;
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

${['spam_link_count(text)', 'spam_text_key(text)', 'spam_disposable_email(text)', 'spam_impossible_phone(text)', 'spam_verdict(text, text, text, text, boolean, integer)', 'judge_quote_request()', 'delete_spam_sent_before(timestamptz)']
  .map((signature) => `revoke execute on function public.${signature} from public, anon, authenticated, service_role;`)
  .join('\n')}
grant execute on function public.delete_spam_sent_before(timestamptz) to service_role;
revoke execute on function public.clear_spam(uuid) from public, anon, authenticated, service_role;
grant execute on function public.clear_spam(uuid) to authenticated;
`;
}
