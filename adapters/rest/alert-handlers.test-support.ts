/**
 * Test-only: msw handlers that answer the alert settings' part of the REST API (`/api/alerts/…`) as
 * its server does, from the same wire format and the same domain rules, over whatever AlertSettings
 * the test hands them (the signed-in staff member's). Only tests import it.
 */
import { http, type HttpHandler, HttpResponse } from 'msw';
import * as v from 'valibot';
import { PushDeviceRefused } from '../../domain/alerts/alert-devices';
import { parseRota, RotaRejected } from '../../domain/alerts/alert-settings';
import type { AlertSettings } from '../../domain/ports/alert-settings';
import {
  alertPaths,
  fromWireNewPushDevice,
  newPushDeviceSchema,
  toWirePushDevice,
  WireRotaBodySchema,
} from '../http-api/alerts-wire';
import type { WireError } from '../http-api/wire';

export interface AlertHandlersOptions {
  /** The origin the handlers answer on; each test takes one of its own. */
  baseUrl: string;
  /** The signed-in staff member's settings. */
  settings: AlertSettings;
  /** The VAPID public key the server answers. */
  publicKey: string;
  /** False answers every call 401, as with no staff session. */
  signedIn?: boolean;
}

const failure = (status: number, body: WireError) => HttpResponse.json(body, { status });
const invalid = (fields: readonly { field: string; message: string }[]) => failure(400, { error: 'invalid-fields', message: 'Some fields are not valid', fields: [...fields] });
const unavailable = () => failure(503, { error: 'storage-unavailable', message: 'The alert settings cannot be reached' });

async function jsonOf(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

export function createAlertHandlers({ baseUrl, settings, publicKey, signedIn = true }: AlertHandlersOptions): HttpHandler[] {
  const at = (path: string) => new URL(path, baseUrl).href;
  /** 401 without a session, 503 when the store fails, otherwise what `answer` says. */
  const asStaff =
    <A>(answer: (args: A) => Promise<Response>) =>
    async (args: A) => {
      if (!signedIn) return failure(401, { error: 'not-signed-in', message: 'Sign in as staff' });
      try {
        return await answer(args);
      } catch (error) {
        if (error instanceof RotaRejected) return invalid(error.issues);
        if (error instanceof PushDeviceRefused) {
          return error.reason === 'too-many-devices'
            ? failure(409, { error: 'too-many-devices', message: error.message })
            : invalid([{ field: 'endpoint', message: error.message }]);
        }
        return unavailable();
      }
    };

  return [
    http.get(at(alertPaths.key), asStaff(() => Promise.resolve(HttpResponse.json({ public_key: publicKey })))),
    http.get(
      at(alertPaths.devices),
      asStaff(async () => HttpResponse.json({ devices: (await settings.devices()).map(toWirePushDevice) })),
    ),
    http.post(
      at(alertPaths.devices),
      asStaff(async ({ request }: { request: Request }) => {
        const body = v.safeParse(newPushDeviceSchema({ allowLoopback: false }), await jsonOf(request));
        if (!body.success) return invalid(body.issues.map((issue) => ({ field: v.getDotPath(issue) ?? 'body', message: issue.message })));
        return HttpResponse.json(toWirePushDevice(await settings.addDevice(fromWireNewPushDevice(body.output))), { status: 201 });
      }),
    ),
    http.delete(
      at(`${alertPaths.devices}/:id`),
      asStaff(async ({ params }: { params: Record<string, string | readonly string[] | undefined> }) => {
        const removed = await settings.removeDevice(typeof params.id === 'string' ? params.id : '');
        return removed ? new HttpResponse(null, { status: 204 }) : failure(404, { error: 'not-found', message: 'There is no such device of yours' });
      }),
    ),
    http.post(at(alertPaths.test), asStaff(async () => HttpResponse.json(await settings.sendTestAlert()))),
    http.get(at(alertPaths.rota), asStaff(async () => HttpResponse.json(await settings.rota()))),
    http.put(
      at(alertPaths.rota),
      asStaff(async ({ request }: { request: Request }) => {
        const body = v.safeParse(WireRotaBodySchema, await jsonOf(request));
        if (!body.success) return invalid([{ field: 'shifts', message: 'Shifts must be a list' }]);
        const rota = parseRota(body.output.shifts);
        if (!rota.ok) return invalid(rota.issues);
        await settings.saveRota(rota.shifts);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
