import * as v from 'valibot';
import { type AlertMessage, AlertMessageSchema, alertBody, alertTag, alertTarget, alertTitle, takeActionTitle } from '../../domain/alerts/alert-message';
import { inboxWorkerCopy } from '../../domain/inbox/inbox-copy';
import { staffName } from '../../domain/alerts/on-call';
import { inboxPath } from './fetch-strategy';
import type { TakeMessage } from './worker-messages';

/** The site's icon (src/public), on the notification and as its badge in the status bar. */
export const notificationIcon = '/icon-192.png';
/** The action that takes a request on from the notification. */
const takeAction = 'take';

/**
 * How "I'm on it" reaches the request: our server, told by the worker (a push message); or the page
 * the alert came from, which holds the request itself (the demo, whose requests live in the page).
 */
export type TakenThrough = 'server' | 'page';

/** What a notification carries for its click: the alert, and how to take its request. */
const NotificationDataSchema = v.object({ alert: AlertMessageSchema, takenThrough: v.picklist(['server', 'page']) });
export type NotificationData = v.InferOutput<typeof NotificationDataSchema>;

/** The options of showNotification this worker uses; the DOM library's type lacks `actions` and `renotify`. */
interface AlertNotificationOptions extends NotificationOptions {
  data?: NotificationData;
  renotify?: boolean;
  actions?: { action: string; title: string }[];
}

export interface AlertNotification {
  title: string;
  options: AlertNotificationOptions;
}

/** The notification for an alert, shown at `now` ("Tom · waiting 2 min"). */
export function alertNotification(alert: AlertMessage, takenThrough: TakenThrough, now: Date): AlertNotification {
  const data: NotificationData = { alert, takenThrough };
  return {
    title: alertTitle(alert),
    options: {
      body: alertBody(alert, now),
      tag: alertTag(alert),
      renotify: true,
      requireInteraction: alert.kind === 'request' && alert.urgent,
      data,
      icon: notificationIcon,
      badge: notificationIcon,
      ...(alert.kind === 'request' ? { actions: [{ action: takeAction, title: takeActionTitle }] } : {}),
    },
  };
}

/** For a push message that is not an alert: a browser wants a notification for every push it delivers. */
export function unreadableNotification(): AlertNotification {
  return { title: inboxWorkerCopy.alertNotices.unreadable, options: { tag: 'inbox-activity', icon: notificationIcon, badge: notificationIcon } };
}

/** The alert as a push message carries it, or undefined when it is anything else. */
export function parseAlert(payload: unknown): AlertMessage | undefined {
  const parsed = v.safeParse(AlertMessageSchema, payload);
  return parsed.success ? parsed.output : undefined;
}

/** What a click on a notification (or on one of its actions) does. */
export type ClickPlan =
  | { kind: 'take-on-server'; url: string; body: { token?: string }; data: NotificationData }
  | { kind: 'take-in-page'; message: TakeMessage; data: NotificationData }
  | { kind: 'open'; url: string };

/** The server's address for taking a request on (`POST`, with a staff session or the alert's token). */
export const takeUrl = (quoteId: string): string => `/api/quote-requests/${encodeURIComponent(quoteId)}/take`;

/**
 * Where the API that takes a request for a push lives: our server, the page's own origin (with the
 * session or the token), or in Supabase mode the project's `api` function at `apiUrl`
 * (`…/functions/v1/api`), which has no cookie of the page and wants the token.
 */
export type TakeEndpoint = { kind: 'server' } | { kind: 'supabase'; apiUrl: string };

function takeRequest(endpoint: TakeEndpoint, quoteId: string, token: string | undefined): { url: string; body: { token?: string } } {
  const body = token === undefined ? {} : { token };
  return { url: endpoint.kind === 'server' ? takeUrl(quoteId) : `${endpoint.apiUrl}${takeUrl(quoteId)}`, body };
}

/** "I'm on it" takes the request; a tap anywhere else on the notification opens it on the inbox. */
export function clickPlan(notificationData: unknown, action: string, endpoint: TakeEndpoint = { kind: 'server' }): ClickPlan {
  const parsed = v.safeParse(NotificationDataSchema, notificationData);
  if (!parsed.success) return { kind: 'open', url: inboxPath };
  const data = parsed.output;
  const { alert } = data;
  if (action !== takeAction || alert.kind !== 'request') return { kind: 'open', url: alertTarget(alert) };
  if (data.takenThrough === 'page') return { kind: 'take-in-page', message: { type: 'take', quoteId: alert.quoteId }, data };
  return { kind: 'take-on-server', ...takeRequest(endpoint, alert.quoteId, alert.take), data };
}

/**
 * How an alert's request is taken: through our server when the alert came as a push message or
 * carries a token for it, otherwise through the page that showed it (the demo's requests live there).
 */
export function takenThroughFor(alert: AlertMessage, from: 'push' | 'page'): TakenThrough {
  return from === 'push' || (alert.kind === 'request' && alert.take !== undefined) ? 'server' : 'page';
}

/** A 409's body: who took the request first, and when. */
const AlreadyTakenSchema = v.object({ taken: v.object({ by: v.string(), at: v.string() }) });
/** The Supabase alert function's 200 when someone else was first. */
const TakenByAnotherSchema = v.object({ outcome: v.literal('already-taken'), taken: v.object({ by: v.string(), at: v.string() }) });

/**
 * How taking went: the server's answer (status and JSON body), 'unreachable' when it gave none, or
 * how many open pages were asked to take it (the demo).
 */
export type TakeAnswer = { status: number; body: unknown } | 'unreachable' | { pagesTold: number };

/**
 * What to tell the phone after "I'm on it": nothing when the request was taken, who was first when
 * someone was, and otherwise that it could not be taken (the inbox says why).
 */
export function takeNotice(answer: TakeAnswer): string | undefined {
  if (answer !== 'unreachable' && 'pagesTold' in answer) return answer.pagesTold > 0 ? undefined : inboxWorkerCopy.alertNotices.couldNotTake;
  if (answer !== 'unreachable' && answer.status >= 200 && answer.status < 300) {
    const another = v.safeParse(TakenByAnotherSchema, answer.body);
    return another.success ? inboxWorkerCopy.alertNotices.alreadyTaken(staffName(another.output.taken.by)) : undefined;
  }
  if (answer !== 'unreachable' && answer.status === 409) {
    const parsed = v.safeParse(AlreadyTakenSchema, answer.body);
    if (parsed.success) return inboxWorkerCopy.alertNotices.alreadyTaken(staffName(parsed.output.taken.by));
  }
  return inboxWorkerCopy.alertNotices.couldNotTake;
}

/** The short notification that says so, in place of the alert it answers. */
export function noticeNotification(notice: string, data: NotificationData): AlertNotification {
  return { title: notice, options: { body: alertTitle(data.alert), tag: alertTag(data.alert), data, icon: notificationIcon, badge: notificationIcon } };
}
