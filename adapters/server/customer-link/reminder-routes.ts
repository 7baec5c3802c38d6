import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { customerLinkApiPath, customerLinkPath } from '../../../domain/customer-link/customer-link';
import { type CustomerReminderDeps, findServiceBooking, remindCustomer, reminderServiceField, stopCustomerReminders } from '../../../domain/reminders/customer-reminders';
import { reminderCopy } from '../../../domain/reminders/reminder-copy';
import { reminderPaths } from '../../../domain/reminders/reminder-paths';
import { toWireCustomerView } from '../../http-api/customer-link-wire';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readFormBody, readJsonBody } from '../http/request-body';
import { customerLinkOperations } from './customer-link-operations';
import type { CustomerRouteContext } from './customer-route-context';
import { remindersStoppedPage, stopRemindersPage, unknownReminderLinkPage } from './reminder-pages';

/** The reminder routes' context: the customer link's, over what a reminder needs. */
export interface ReminderRouteContext extends CustomerRouteContext {
  deps: CustomerReminderDeps;
}

const notFound: WireError = { error: 'not-found', message: 'There is no such page' };

/**
 * A done job's yearly reminder, through the customer's link: "Remind me" and "Stop" as the page's plain
 * forms (/r/<token>/…) and as JSON (/api/r/<token>/…); the email's stop page and its one-click stop
 * (RFC 8058), and the booking "Book my service" fills the quote form with. The stop and the booking
 * answer for as long as the request is kept, not only while its page does.
 */
export function reminderRoutes(api: Hono, context: ReminderRouteContext): void {
  const { deps, now, limits, clientKey, equalCost, refusedPage, refusedJson, unavailable } = context;
  const fail = (c: Context, body: WireError, status: ContentfulStatusCode) => c.json(body, status);
  const down = (c: Context) => fail(c, { error: 'storage-unavailable', message: unavailable }, 503);

  const { showPage } = context;
  if (showPage) {
    api.post(`/r/:token${reminderPaths.remind}`, limitBody(bodyLimits.json), async (c) => {
      const decision = await limits.changes.consume(clientKey(c));
      if (!decision.allowed) return refusedPage(c, decision);
      const token = c.req.param('token');
      const { fields } = await readFormBody(c);
      await equalCost(token);
      const result = await remindCustomer(deps, token, fields[reminderServiceField.name], now());
      if (result.ok) return c.redirect(`${customerLinkPath(token)}?done=reminder`, 303);
      switch (result.error.kind) {
        case 'invalid-service':
          return showPage(c, token, { reminderError: result.error.message }, 400);
        case 'not-done':
          return showPage(c, token, { reminderError: reminderCopy.customer.notDone }, 409);
        case 'not-found':
          return showPage(c, token, {}, 404);
        case 'storage-failure':
          return c.text(unavailable, 503);
      }
    });
    api.post(`/r/:token${reminderPaths.stop}`, limitBody(bodyLimits.none), async (c) => {
      const decision = await limits.changes.consume(clientKey(c));
      if (!decision.allowed) return refusedPage(c, decision);
      const token = c.req.param('token');
      await equalCost(token);
      const result = await stopCustomerReminders(deps, token, now());
      if (result.ok) return c.redirect(`${customerLinkPath(token)}?done=reminders-stopped`, 303);
      return result.error.kind === 'not-found' ? showPage(c, token, {}, 404) : c.text(unavailable, 503);
    });
  }

  api.post(`${customerLinkApiPath}/:token${reminderPaths.remind}`, customerLinkOperations.remind, limitBody(bodyLimits.json), async (c) => {
    const decision = await limits.changes.consume(clientKey(c));
    if (!decision.allowed) return refusedJson(c, decision);
    const read = await readJsonBody(c);
    if (!read.ok) return fail(c, read.error, 400);
    const token = c.req.param('token');
    await equalCost(token);
    const service: unknown = typeof read.body === 'object' && read.body !== null ? (read.body as Record<string, unknown>)[reminderServiceField.name] : undefined;
    const result = await remindCustomer(deps, token, service, now());
    if (result.ok) return c.json(toWireCustomerView(result.view));
    switch (result.error.kind) {
      case 'invalid-service':
        return fail(c, { error: 'invalid-fields', message: result.error.message, fields: [{ field: reminderServiceField.name, message: result.error.message }] }, 400);
      case 'not-done':
        return fail(c, { error: 'conflict', message: 'A reminder can be set once the job is done' }, 409);
      case 'not-found':
        return fail(c, notFound, 404);
      case 'storage-failure':
        return down(c);
    }
  });

  const stopPath = `${customerLinkApiPath}/:token${reminderPaths.stop}` as const;
  api.get(stopPath, customerLinkOperations.stopRemindersPage, async (c) => {
    const decision = await limits.views.consume(clientKey(c));
    if (!decision.allowed) return refusedPage(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    // Only shows the button: a mail program that opens links to scan them stops nothing.
    const found = await findServiceBooking(deps, token);
    return found.ok || found.error.kind !== 'not-found' ? c.html(stopRemindersPage()) : c.html(unknownReminderLinkPage(), 404);
  });

  // The page's button, or a mail program's one-click unsubscribe (RFC 8058: "List-Unsubscribe=One-Click").
  api.post(stopPath, customerLinkOperations.stopReminders, limitBody(bodyLimits.json), async (c) => {
    const decision = await limits.changes.consume(clientKey(c));
    if (!decision.allowed) return refusedPage(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    const result = await stopCustomerReminders(deps, token, now());
    if (c.req.header('accept')?.includes('application/json') === true) {
      if (result.ok) return c.json({ stopped: true });
      return result.error.kind === 'not-found' ? fail(c, notFound, 404) : down(c);
    }
    if (result.ok) return c.html(remindersStoppedPage());
    return result.error.kind === 'not-found' ? c.html(unknownReminderLinkPage(), 404) : c.text(unavailable, 503);
  });

  api.get(`${customerLinkApiPath}/:token${reminderPaths.booking}`, customerLinkOperations.booking, async (c) => {
    const decision = await limits.views.consume(clientKey(c));
    if (!decision.allowed) return refusedJson(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    const result = await findServiceBooking(deps, token);
    if (result.ok) return c.json({ token, ...result.booking });
    return result.error.kind === 'not-found' ? fail(c, notFound, 404) : down(c);
  });
}
