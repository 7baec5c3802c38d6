/**
 * Test-only: PostgREST's HTTP interface (/rest/v1) over a scratch database, running each request's
 * SQL for real as PostgREST does: one transaction, as the JWT's role, with its claims in
 * request.jwt.claims. So the grants, row-level security, constraints and functions of our migrations
 * answer, not a model of them. It speaks the part of PostgREST this project uses: functions at
 * /rpc/<name> (named arguments, a JSON result), and on tables select / insert / update / delete with
 * `eq.` and `is.null` filters, `order`, `Prefer: return=representation` and `count=exact`.
 * Errors have PostgREST's status codes and bodies. Only tests import it.
 */
import { DatabaseError, escapeIdentifier } from 'pg';
import type { Client } from 'pg';
import type { Claims, SupabaseScratchDatabase } from './supabase-scratch-database.test-support';

/** Who a request runs as, or the answer refusing it (a bad key, an expired token). */
export type ClaimsOf = (request: Request) => Claims | Response;

const identifier = /^[a-z_][a-z0-9_]*$/;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

const postgrestError = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null) =>
  json({ code, details, hint, message }, status);

/** PostgREST's mapping of PostgreSQL's SQLSTATE to HTTP (docs.postgrest.org, "Errors"). */
function statusOf(code: string, claims: Claims): number {
  if (code === '42501') return claims.role === 'anon' ? 401 : 403;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '23503' || code === '23505') return 409;
  if (code === '57014') return 504;
  if (code === 'P0001' || code.startsWith('22') || code.startsWith('23')) return 400;
  return 500;
}

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : undefined;

interface Statement {
  text: string;
  values: unknown[];
}

/** `col=eq.value` and `col=is.null` query parameters as a WHERE clause; undefined for anything else. */
function whereOf(params: URLSearchParams, values: unknown[]): string | undefined {
  const conditions: string[] = [];
  for (const [column, filter] of params) {
    if (['select', 'order', 'limit', 'columns'].includes(column)) continue;
    if (!identifier.test(column)) return undefined;
    if (filter === 'is.null') conditions.push(`${escapeIdentifier(column)} is null`);
    else if (filter.startsWith('eq.')) {
      values.push(filter.slice(3));
      conditions.push(`${escapeIdentifier(column)} = $${values.length}`);
    } else return undefined;
  }
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
}

function selectListOf(params: URLSearchParams): string | undefined {
  const select = params.get('select') ?? '*';
  if (select === '*') return '*';
  const columns = select.split(',');
  return columns.every((column) => identifier.test(column)) ? columns.map(escapeIdentifier).join(', ') : undefined;
}

function orderOf(params: URLSearchParams): string | undefined {
  const order = params.get('order');
  if (order === null) return '';
  const terms = order.split(',').map((term) => /^([a-z_][a-z0-9_]*)\.(asc|desc)$/.exec(term));
  if (terms.some((term) => term === null)) return undefined;
  return ` order by ${terms.map((term) => `${escapeIdentifier(term?.[1] ?? '')} ${term?.[2] ?? ''}`).join(', ')}`;
}

/** The function's input arguments, as PostgreSQL knows them. */
async function argumentsOf(db: Client, name: string) {
  const { rows } = await db.query<{ names: string[] | null; types: string[]; required: number }>(
    `select p.proargnames[1:p.pronargs] as names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as types,
            p.pronargs - p.pronargdefaults as required
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1`,
    [name],
  );
  return rows.length === 1 ? rows[0] : undefined;
}

/** A JSON value as the text PostgreSQL casts to the argument's type. */
function parameterOf(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return type === 'jsonb' || type === 'json' ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A POST to /rpc/<name>: the function called with named arguments, its result as JSON. */
async function callFunction(db: Client, name: string, body: unknown): Promise<Statement | Response> {
  const args = recordOf(body ?? {});
  const fn = identifier.test(name) ? await argumentsOf(db, name) : undefined;
  const names = fn?.names ?? [];
  const given = Object.keys(args ?? {});
  const missing = names.slice(0, fn?.required ?? 0).some((arg) => !given.includes(arg));
  if (fn === undefined || args === undefined || missing || given.some((arg) => !names.includes(arg))) {
    return postgrestError(404, 'PGRST202', `Could not find the function public.${name}(${given.join(', ')}) in the schema cache`);
  }
  const values: unknown[] = [];
  const call = given.map((arg) => {
    const type = fn.types[names.indexOf(arg)] ?? 'text';
    const value = args[arg];
    values.push(parameterOf(value, type));
    return `${escapeIdentifier(arg)} => $${values.length}::${type}`;
  });
  return { text: `select to_jsonb(public.${escapeIdentifier(name)}(${call.join(', ')})) as result`, values };
}

/** select, insert, update or delete on a table, its answer as JSON (rows, or how many). */
function tableStatement(method: string, table: string, params: URLSearchParams, body: unknown, prefer: string): Statement | Response {
  const values: unknown[] = [];
  const where = whereOf(params, values);
  const select = selectListOf(params);
  const order = orderOf(params);
  if (!identifier.test(table) || where === undefined || select === undefined || order === undefined) {
    return postgrestError(400, 'PGRST100', 'This fake PostgREST does not understand the request');
  }
  const target = `public.${escapeIdentifier(table)}`;
  const representation = prefer.includes('return=representation');
  // Without the rows asked back, PostgREST returns 1 per row: no column read, so no SELECT needed.
  const returning = representation ? 'returning *' : 'returning 1';
  const answer = (rows: string) =>
    representation ? `select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as result from ${rows} r` : `select to_jsonb(count(*)) as result from ${rows} r`;
  if (method === 'GET') return { text: `select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as result from (select ${select} from ${target}${where}${order}) r`, values };
  if (method === 'DELETE') return { text: `with changed as (delete from ${target}${where} ${returning}) ${answer('changed')}`, values };

  const rows = Array.isArray(body) ? body.map(recordOf) : [recordOf(body)];
  const first = rows[0];
  if (first === undefined || rows.some((row) => row === undefined)) return postgrestError(400, 'PGRST102', 'Empty or invalid json');
  const columns = Object.keys(first);
  if (!columns.every((column) => identifier.test(column))) return postgrestError(400, 'PGRST204', 'Column not found');
  const list = columns.map(escapeIdentifier).join(', ');
  values.push(JSON.stringify(method === 'POST' ? rows : first));
  const json = `$${values.length}::jsonb`;
  if (method === 'POST') {
    return { text: `with changed as (insert into ${target} (${list}) select ${list} from jsonb_populate_recordset(null::${target}, ${json}) ${returning}) ${answer('changed')}`, values };
  }
  if (method === 'PATCH') {
    return { text: `with changed as (update ${target} set (${list}) = (select ${list} from jsonb_populate_record(null::${target}, ${json}))${where} ${returning}) ${answer('changed')}`, values };
  }
  return postgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/**
 * Answers one request to `/rest/v1/<path>` as PostgREST would, running it on `database`.
 * `claimsOf` says who the request runs as (from its apikey and Authorization headers).
 */
export async function answerAsPostgrest(database: SupabaseScratchDatabase, claimsOf: ClaimsOf, request: Request, path: string): Promise<Response> {
  const claims = claimsOf(request);
  if (claims instanceof Response) return claims;
  const url = new URL(request.url);
  const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return postgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const prefer = request.headers.get('prefer') ?? '';
  const rpc = /^rpc\/(.+)$/.exec(path)?.[1];
  try {
    return await database.request(claims, async (db) => {
      const statement = rpc === undefined ? tableStatement(request.method, path, url.searchParams, body, prefer) : await callFunction(db, rpc, body);
      if (statement instanceof Response) return statement;
      const { rows } = await db.query<{ result: unknown }>(statement.text, statement.values);
      const result = rows[0]?.result ?? null;
      if (rpc !== undefined || request.method === 'GET') return json(result);
      const counted = prefer.includes('count=exact') && typeof result === 'number' ? { 'content-range': `*/${result}` } : {};
      if (prefer.includes('return=representation')) return json(result, request.method === 'POST' ? 201 : 200, counted);
      return new Response(null, { status: request.method === 'POST' ? 201 : 204, headers: counted });
    });
  } catch (error) {
    if (!(error instanceof DatabaseError) || error.code === undefined) throw error;
    return postgrestError(statusOf(error.code, claims), error.code, error.message, error.detail ?? null, error.hint ?? null);
  }
}
