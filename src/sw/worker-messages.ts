import * as v from 'valibot';
import { AlertMessageSchema } from '../../domain/alerts/alert-message';

/**
 * What the inbox's service worker and the site's pages say to each other with postMessage. A page
 * asks the worker to show an alert it made itself (the demo, which has no push service); the worker
 * asks the pages to take a request on when the alert came from one (the demo's requests live there).
 */
export const ShowAlertMessageSchema = v.object({ type: v.literal('show-alert'), alert: AlertMessageSchema });
export type ShowAlertMessage = v.InferOutput<typeof ShowAlertMessageSchema>;

export const TakeMessageSchema = v.object({ type: v.literal('take'), quoteId: v.pipe(v.string(), v.minLength(1)) });
export type TakeMessage = v.InferOutput<typeof TakeMessageSchema>;
