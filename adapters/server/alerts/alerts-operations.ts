import * as v from 'valibot';
import { maxPushDevicesPerStaff } from '../../../domain/alerts/alert-devices';
import { OnCallRotaSchema } from '../../../domain/alerts/on-call';
import { WirePushDeviceSchema, WirePushDevicesSchema, WirePushKeySchema, WireRotaSchema, WireTestAlertSchema } from '../../http-api/alerts-wire';
import { describeRoute, down, elsewhere, failure, jsonAnswer, jsonBody, noBody, signedOut, staffOnly, tooLarge } from '../openapi/describe-route';

// The alert settings (alerts-api.ts), for the API's document: their bodies are the valibot schemas the
// routes parse them with (alerts-wire.ts, and the domain's rota).

const rota = (description: string) => jsonAnswer(description, WireRotaSchema);

export const alertsOperations = {
  key: describeRoute({
    summary: 'The VAPID public key browsers subscribe with (staff only)',
    ...staffOnly,
    responses: { 200: jsonAnswer('The key, base64url; null where there is no push service', WirePushKeySchema), 401: signedOut },
  }),
  devices: describeRoute({
    summary: 'The signed-in staff member’s devices that get alerts, oldest first (staff only)',
    ...staffOnly,
    responses: { 200: jsonAnswer('Their devices; nobody sees another’s', WirePushDevicesSchema), 401: signedOut, 503: down },
  }),
  /** Turning alerts on, with the subscription this host takes. */
  addDevice: (subscription: v.GenericSchema) =>
    describeRoute({
      summary: 'Turn alerts on for a device: the browser’s push subscription and a name for it (staff only)',
      description: `The endpoint must be an https address of a public host: not this machine, a private network or a reserved address, in any spelling, and without a user name or password. A subscription already kept is updated and becomes the caller’s. A staff member has at most ${maxPushDevicesPerStaff} devices.`,
      ...staffOnly,
      requestBody: jsonBody(subscription),
      responses: {
        201: jsonAnswer('Kept', WirePushDeviceSchema),
        400: failure('Not a subscription the server can use: `fields` names `endpoint`, `keys.p256dh`, `keys.auth` or `label`; or not JSON'),
        401: signedOut,
        403: elsewhere,
        409: failure(`The staff member has ${maxPushDevicesPerStaff} devices already (\`too-many-devices\`): nothing was kept`),
        413: tooLarge,
        503: down,
      },
    }),
  removeDevice: describeRoute({
    summary: 'Turn alerts off for one of the signed-in staff member’s devices (staff only)',
    ...staffOnly,
    responses: { 204: { description: 'Removed' }, 401: signedOut, 403: elsewhere, 404: failure('They have no device with that id'), 413: noBody, 503: down },
  }),
  test: describeRoute({
    summary: 'Push a test alert to each of the signed-in staff member’s devices now (staff only)',
    ...staffOnly,
    responses: { 200: jsonAnswer('How many push services took it, and how many did not', WireTestAlertSchema), 401: signedOut, 403: elsewhere, 413: noBody, 503: down },
  }),
  rota: describeRoute({
    summary: 'Who is on call when, and every staff member who can be (staff only)',
    ...staffOnly,
    responses: { 200: rota('The rota, London wall-clock times'), 401: signedOut, 503: down },
  }),
  saveRota: describeRoute({
    summary: 'Replace the whole rota (staff only)',
    ...staffOnly,
    requestBody: jsonBody(v.object({ shifts: OnCallRotaSchema })),
    responses: {
      200: rota('Saved: the rota as now kept'),
      400: failure('A shift is not right (`fields` names it: `shifts.2.start`), names someone without a staff account, or not JSON; nothing was saved'),
      401: signedOut,
      403: elsewhere,
      413: tooLarge,
      503: down,
    },
  }),
};
