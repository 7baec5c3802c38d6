import { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import { describeRoute as describeForGenerator, type DescribeRouteOptions, generateSpecs, resolver } from 'hono-openapi';
import { apiPaths } from '../../http-api/wire';
import { type Answer, describeRoute, jsonAnswer, type Operation, operationOf } from './describe-route';

// The API's OpenAPI document, made by hono-openapi from the routes' own descriptions (describe-route.ts)
// the first time it is asked for. Only the hosts that serve it import this file: the schema converters
// it loads stay out of the demo's page.

/** How the host knows staff: our own session cookie (Node), or a bearer token (Supabase Auth's JWT). */
export const staffSchemes = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'staff_session', description: '__Host-staff_session over HTTPS; set by POST /api/session' },
  bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A Supabase Auth access token of a user on the staff list" },
} as const;

/** The scheduler's bearer token for the tick, on a host with no loops of its own. */
const tickSecret = { type: 'http', scheme: 'bearer', description: 'The tick secret (TICK_SECRET)' } as const;

const info = {
  title: 'Quote requests API',
  version: '1.0.0',
  description:
    'Visitors send quote requests; staff work them in the inbox: pages, statuses, notes and the response clock, and set their alerts. Customers follow their own request by its link. Every route that takes a body has a size limit: over it, 413 before the body is read.',
};

/** JSON Schema as OpenAPI 3.1 reads it: draft 2020-12. */
const conversion = { options: { target: 'draft-2020-12' } };
const isValibot = (schema: unknown): schema is Parameters<typeof resolver>[0] => typeof schema === 'object' && schema !== null && '~standard' in schema;

/** An answer or body with each valibot schema handed to hono-openapi's resolver. */
function resolvedContent<Part extends { content?: Answer['content'] }>(part: Part): Part {
  if (!part.content) return part;
  const content = Object.fromEntries(
    Object.entries(part.content).map(([media, { schema, ...rest }]) => [media, { ...rest, ...(schema !== undefined && { schema: isValibot(schema) ? resolver(schema, conversion) : schema }) }]),
  );
  return { ...part, content };
}

function resolved({ requestBody, responses, ...operation }: Operation): DescribeRouteOptions {
  return {
    ...operation,
    ...(requestBody && { requestBody: resolvedContent(requestBody) }),
    responses: Object.fromEntries(Object.entries(responses).map(([status, answer]) => [status, resolvedContent(answer)])),
    // Our JSON Schema objects are plain records, looser than openapi-types' SchemaObject.
  } as DescribeRouteOptions;
}

/**
 * The app's described routes as hono-openapi reads them: the same methods and paths, each with its
 * operation. The routes carry describe-route.ts's marks rather than hono-openapi's own middleware,
 * whose import alone brings every schema library's converter (some 340 KB) into the demo's build.
 */
function describedRoutes(app: Hono): Hono {
  const twin = new Hono();
  for (const route of app.routes) {
    const operation = operationOf(findTargetHandler(route.handler));
    if (operation) twin.on(route.method, route.path, describeForGenerator(resolved(operation)), (c) => c.body(null, 204));
  }
  return twin;
}

export interface ApiDocumentOptions {
  /** How this host knows staff: the `staff` security scheme of every staff-only operation. */
  staff: (typeof staffSchemes)[keyof typeof staffSchemes];
  /** Where this host's API paths start, when it knows. */
  serverUrl?: string | undefined;
}

/**
 * Serves the document at /api/openapi.json, describing every route `app` has when it is first asked
 * for; register it before the app's answer to unknown API paths.
 */
export function serveApiDocument(app: Hono, { staff, serverUrl }: ApiDocumentOptions): void {
  const documentation = {
    info,
    ...(serverUrl !== undefined && { servers: [{ url: serverUrl }] }),
    components: { securitySchemes: { staff, tickSecret } },
  };
  let document: ReturnType<typeof generateSpecs> | undefined;
  app.get(
    apiPaths.openapi,
    describeRoute({ summary: 'This document', responses: { 200: jsonAnswer('The OpenAPI 3.1 document', { type: 'object' }) } }),
    // Its own path ends like a file's: hono-openapi would leave it out as one.
    async (c) => c.json(await (document ??= generateSpecs(describedRoutes(app), { documentation, excludeStaticFile: false }))),
  );
}
