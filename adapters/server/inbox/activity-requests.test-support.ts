import * as v from 'valibot';
import { expect } from 'vitest';
import { type WireActivity, type WireInboxQuote, WireRecordedSchema } from '../../http-api/inbox-wire';
import { WireErrorSchema } from '../../http-api/wire';
import type { TestServer } from '../test-server.test-support';

/** Posts to a request's route as a staff member's browser does: JSON, with the session's cookie unless told another. */
export const post = (server: TestServer, path: string, body: unknown, cookie = server.staffCookie) =>
  fetch(`${server.url}/api/quote-requests/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Posts a step to `POST /api/quote-requests/{id}/activity`. */
export const postStep = (server: TestServer, id: string, step: unknown, cookie?: string) => post(server, `${id}/activity`, step, cookie);

/** The status and the error body of a refused call. */
export async function errorOf(response: Response) {
  return { status: response.status, body: v.parse(WireErrorSchema, await response.json()) };
}

/** The 201 of a step recorded: the request as it is now, and the step as written. */
export async function recordedOf(response: Response) {
  expect(response.status).toBe(201);
  return v.parse(WireRecordedSchema, await response.json());
}

/** The entries of one kind in a request's log, oldest first. */
export const entriesOf = <Kind extends WireActivity['kind']>(quote: WireInboxQuote | undefined, kind: Kind) =>
  (quote?.activity ?? []).filter((entry): entry is Extract<WireActivity, { kind: Kind }> => entry.kind === kind);
