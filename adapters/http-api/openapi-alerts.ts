import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { maxPushDevicesPerStaff } from '../../domain/alerts/alert-devices';
import { OnCallRotaSchema } from '../../domain/alerts/on-call';
import {
  alertPaths,
  WireNewPushDeviceSchema,
  WirePushDeviceSchema,
  WirePushDevicesSchema,
  WirePushKeySchema,
  WireRotaSchema,
  WireTestAlertSchema,
} from './alerts-wire';

// The alert settings under /api/alerts, for the OpenAPI document: their bodies are the valibot
// schemas the server parses them with (alerts-wire.ts, and the domain's rota).

const schema = (valibotSchema: Parameters<typeof toJsonSchema>[0]) => toJsonSchema(valibotSchema, { target: 'draft-2020-12', errorMode: 'ignore' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const json = (description: string, body: Parameters<typeof toJsonSchema>[0]) => ({ description, content: { 'application/json': { schema: schema(body) } } });
const jsonBody = (body: Parameters<typeof toJsonSchema>[0]) => ({ required: true, content: { 'application/json': { schema: schema(body) } } });

const staffOnly = { security: [{ staffSession: [] }] };
const signedOut = errorResponse('No valid staff session');
const down = errorResponse('The database cannot be reached');
const elsewhere = errorResponse('Sent from another site');
const tooLarge = errorResponse('The body is over the size limit');

/** The alert settings' routes, for the OpenAPI document. */
export const alertOperations = {
  [alertPaths.key]: {
    get: {
      summary: 'The VAPID public key browsers subscribe with (staff only)',
      ...staffOnly,
      responses: { '200': json('The key, base64url', WirePushKeySchema), '401': signedOut },
    },
  },
  [alertPaths.devices]: {
    get: {
      summary: 'The signed-in staff member’s devices that get alerts, oldest first (staff only)',
      ...staffOnly,
      responses: { '200': json('Their devices; nobody sees another’s', WirePushDevicesSchema), '401': signedOut, '503': down },
    },
    post: {
      summary: 'Turn alerts on for a device: the browser’s push subscription and a name for it (staff only)',
      description: `The endpoint must be an https address of a public host: not this machine, a private network or a reserved address, in any spelling, and without a user name or password. A subscription already kept is updated and becomes the caller’s. A staff member has at most ${maxPushDevicesPerStaff} devices.`,
      ...staffOnly,
      requestBody: jsonBody(WireNewPushDeviceSchema),
      responses: {
        '201': json('Kept', WirePushDeviceSchema),
        '400': errorResponse('Not a subscription the server can use: `fields` names `endpoint`, `keys.p256dh`, `keys.auth` or `label`; or not JSON'),
        '401': signedOut,
        '403': elsewhere,
        '409': errorResponse(`The staff member has ${maxPushDevicesPerStaff} devices already (\`too-many-devices\`): nothing was kept`),
        '413': tooLarge,
        '503': down,
      },
    },
  },
  [`${alertPaths.devices}/{id}`]: {
    delete: {
      summary: 'Turn alerts off for one of the signed-in staff member’s devices (staff only)',
      ...staffOnly,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '204': { description: 'Removed' }, '401': signedOut, '403': elsewhere, '404': errorResponse('They have no device with that id'), '413': tooLarge, '503': down },
    },
  },
  [alertPaths.test]: {
    post: {
      summary: 'Push a test alert to each of the signed-in staff member’s devices now (staff only)',
      ...staffOnly,
      responses: { '200': json('How many push services took it, and how many did not', WireTestAlertSchema), '401': signedOut, '403': elsewhere, '413': tooLarge, '503': down },
    },
  },
  [alertPaths.rota]: {
    get: {
      summary: 'Who is on call when, and every staff member who can be (staff only)',
      ...staffOnly,
      responses: { '200': json('The rota, London wall-clock times', WireRotaSchema), '401': signedOut, '503': down },
    },
    put: {
      summary: 'Replace the whole rota (staff only)',
      ...staffOnly,
      requestBody: jsonBody(v.object({ shifts: OnCallRotaSchema })),
      responses: {
        '200': json('Saved: the rota as now kept', WireRotaSchema),
        '400': errorResponse('A shift is not right (`fields` names it: `shifts.2.start`), names someone without a staff account, or not JSON; nothing was saved'),
        '401': signedOut,
        '403': elsewhere,
        '413': tooLarge,
        '503': down,
      },
    },
  },
};
