// @vitest-environment node
import { expect, test } from 'vitest';
import { apiPaths } from '../../adapters/http-api/wire';
import { requestAlertOf, type TestAlert } from '../../domain/alerts/alert-message';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { icons } from '../seo/site-assets';
import {
  alertNotification,
  clickPlan,
  notificationIcon,
  noticeNotification,
  parseAlert,
  takenThroughFor,
  takeNotice,
  takeUrl,
  unreadableNotification,
} from './alert-notification';

const receivedAt = new Date('2026-11-23T15:40:00Z');
const urgent = requestAlertOf(
  sampleRequest({ id: 'q-17', name: 'Tom Okafor', serviceType: 'emergency', urgent: true, postcode: 'SE1 7PB', createdAt: receivedAt }),
  'new',
);
const standard = requestAlertOf(sampleRequest({ id: 'q-18', name: 'Ada', serviceType: 'heating', urgent: false, postcode: null, createdAt: receivedAt }), 'reminder');
const testAlert: TestAlert = { kind: 'test', sentAt: receivedAt.toISOString() };
const twoMinutesLater = new Date(receivedAt.getTime() + 2 * 60_000);

test("a request's notification reads as the domain writes it, replaces the last about that request, and offers \"I'm on it\"", () => {
  const { title, options } = alertNotification(urgent, 'server', twoMinutesLater);
  expect(title).toBe('URGENT · Emergency Plumbing · SE1');
  expect(options).toEqual({
    body: 'Tom · waiting 2 min',
    tag: 'quote-q-17',
    renotify: true,
    requireInteraction: true,
    data: { alert: urgent, takenThrough: 'server' },
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    actions: [{ action: 'take', title: "I'm on it" }],
  });
});

test('only an urgent request stays on screen until someone acts; a test alert offers nothing to take', () => {
  expect(alertNotification(standard, 'server', twoMinutesLater).options.requireInteraction).toBe(false);
  const test = alertNotification(testAlert, 'server', twoMinutesLater);
  expect(test.title).toBe('Test alert · SE1 Plumbing');
  expect(test.options.requireInteraction).toBe(false);
  expect(test.options.actions).toBeUndefined();
  expect(test.options.tag).toBe('test-alert');
});

test("the notification's icon is the site's own", () => {
  expect(notificationIcon).toBe(icons.small.path);
});

test('a push that is no alert is shown as activity on the inbox, and only an alert parses', () => {
  expect(unreadableNotification().title).toBe('New activity on the inbox');
  expect(parseAlert(JSON.parse(JSON.stringify(urgent)))).toEqual(urgent);
  for (const junk of [undefined, null, 'hello', { kind: 'request' }, { ...urgent, service: 'roofing' }, { ...urgent, firstName: 'x'.repeat(41) }]) {
    expect(parseAlert(junk)).toBeUndefined();
  }
});

test('a pushed alert is taken through the server; one a page showed, through the page, unless it carries a token', () => {
  expect(takenThroughFor(urgent, 'push')).toBe('server');
  expect(takenThroughFor(urgent, 'page')).toBe('page');
  expect(takenThroughFor({ ...urgent, take: 'signed' }, 'page')).toBe('server');
});

test('a tap opens the request on the inbox; "I\'m on it" takes it where the alert says', () => {
  const pushed = alertNotification({ ...urgent, take: 'signed-token' }, 'server', twoMinutesLater).options.data;
  expect(clickPlan(pushed, '')).toEqual({ kind: 'open', url: '/quotes?id=q-17' });
  expect(clickPlan(pushed, 'take')).toEqual({
    kind: 'take-on-server',
    url: '/api/quote-requests/q-17/take',
    body: { token: 'signed-token' },
    data: pushed,
  });
  // Without a token the staff session's cookie is what the server checks.
  const sessionOnly = alertNotification(urgent, 'server', twoMinutesLater).options.data;
  expect(clickPlan(sessionOnly, 'take')).toMatchObject({ kind: 'take-on-server', body: {} });

  const fromPage = alertNotification(urgent, 'page', twoMinutesLater).options.data;
  expect(clickPlan(fromPage, 'take')).toEqual({ kind: 'take-in-page', message: { type: 'take', quoteId: 'q-17' }, data: fromPage });
  expect(clickPlan(alertNotification(testAlert, 'server', twoMinutesLater).options.data, 'take')).toEqual({ kind: 'open', url: '/quotes' });
  expect(clickPlan({ something: 'else' }, 'take')).toEqual({ kind: 'open', url: '/quotes' });
});

test('in Supabase mode "I\'m on it" goes to the same take route of the API, at the project\'s function, with the token', () => {
  const pushed = alertNotification({ ...urgent, take: 'signed-token' }, 'server', twoMinutesLater).options.data;
  expect(clickPlan(pushed, 'take', { kind: 'supabase', apiUrl: 'https://abc.supabase.co/functions/v1/api' })).toEqual({
    kind: 'take-on-server',
    url: 'https://abc.supabase.co/functions/v1/api/api/quote-requests/q-17/take',
    body: { token: 'signed-token' },
    data: pushed,
  });
  // The API answers 200 whoever was first, saying who.
  expect(takeNotice({ status: 200, body: { outcome: 'already-taken', taken: { by: 'jo@example.co.uk', at: '2026-11-23T15:42:00Z' } } })).toBe('Already taken by Jo');
  expect(takeNotice({ status: 200, body: { outcome: 'taken', taken: { by: 'sam@example.co.uk', at: '2026-11-23T15:42:00Z' } } })).toBeUndefined();
});

test('the take address is the API\'s, with the id made safe for a path', () => {
  expect(takeUrl('q-17')).toBe(`${apiPaths.quoteRequests}/q-17/take`);
  expect(takeUrl('a/b?c')).toBe('/api/quote-requests/a%2Fb%3Fc/take');
});

test('after "I\'m on it" the phone says nothing when it worked, who was first when someone was, and to open the inbox otherwise', () => {
  expect(takeNotice({ status: 200, body: {} })).toBeUndefined();
  expect(takeNotice({ status: 409, body: { taken: { by: 'jo.smith@example.co.uk', at: '2026-11-23T15:42:00Z' } } })).toBe('Already taken by Jo');
  expect(takeNotice({ status: 409, body: { error: 'conflict' } })).toBe('Could not take it: open the inbox');
  for (const status of [401, 403, 404, 422, 500, 503]) expect(takeNotice({ status, body: undefined })).toBe('Could not take it: open the inbox');
  expect(takeNotice('unreachable')).toBe('Could not take it: open the inbox');
  expect(takeNotice({ pagesTold: 1 })).toBeUndefined();
  expect(takeNotice({ pagesTold: 0 })).toBe('Could not take it: open the inbox');
});

test('the notice replaces the alert it answers, and a tap on it opens the request', () => {
  const data = alertNotification(urgent, 'server', twoMinutesLater).options.data;
  const notice = noticeNotification('Already taken by Jo', { alert: urgent, takenThrough: 'server' });
  expect(notice.title).toBe('Already taken by Jo');
  expect(notice.options).toMatchObject({ body: 'URGENT · Emergency Plumbing · SE1', tag: 'quote-q-17' });
  expect(notice.options.actions).toBeUndefined();
  expect(clickPlan(notice.options.data, '')).toEqual(clickPlan(data, ''));
});
