import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { customerLinkApiPath, customerLinkPath } from '../../../domain/customer-link/customer-link';
import { answerCustomerQuote, type CustomerQuoteDeps, type QuoteAcceptedAlert, quoteAnswerFields, type QuoteAnswerResult } from '../../../domain/priced-quote/customer-quote';
import { quoteDone, quotePaths } from '../../../domain/priced-quote/quote-answer';
import { toWireCustomerView, type WireQuoteRefusal } from '../../http-api/customer-link-wire';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readFormBody, readJsonBody } from '../http/request-body';
import { customerLinkOperations } from './customer-link-operations';
import type { CustomerRouteContext } from './customer-route-context';

/** The quote routes' context: the customer link's, over what an answer needs. */
export interface QuoteRouteContext extends CustomerRouteContext {
  deps: CustomerQuoteDeps & { alert: QuoteAcceptedAlert };
}

const notFound: WireError = { error: 'not-found', message: 'There is no such page' };
const answers = ['accept', 'decline'] as const;

/** The object a JSON body is, or an empty one: a field it lacks is then named as missing. */
const fieldsOf = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/**
 * The customer's answer to their priced quote, through their link: "Accept and agree to pay …" and
 * "No thanks" as the page's plain forms (/r/<token>/quote/…, answered with the page) and as JSON
 * (/api/r/<token>/quote/…, answered with the customer's view). An answer the guard refuses (answered
 * already, replaced, expired, or the request moved on) is told in the customer's words with the page
 * as it stands now, so they see the newer version or the answer that stood.
 */
export function quoteRoutes(api: Hono, context: QuoteRouteContext): void {
  const { deps, now, limits, clientKey, equalCost, refusedPage, refusedJson, unavailable, showPage } = context;
  const fail = (c: Context, body: WireError | WireQuoteRefusal, status: ContentfulStatusCode) => c.json(body, status);

  for (const answer of answers) {
    if (showPage) {
      api.post(`/r/:token${quotePaths[answer]}`, limitBody(bodyLimits.json), async (c) => {
        const decision = await limits.changes.consume(clientKey(c));
        if (!decision.allowed) return refusedPage(c, decision);
        const token = c.req.param('token');
        const { fields } = await readFormBody(c);
        await equalCost(token);
        const result = await answerCustomerQuote(deps, token, answer, fields, now());
        if (result.ok) return c.redirect(`${customerLinkPath(token)}?done=${quoteDone[answer]}`, 303);
        // What they chose comes back with the page: the tick box ticked, the reason chosen.
        const version = Number(fields[quoteAnswerFields.version]);
        const chosen = {
          answer,
          version: Number.isInteger(version) ? version : 0,
          earlyStart: fields[quoteAnswerFields.earlyStart] === 'on',
          reason: fields[quoteAnswerFields.reason] ?? '',
        };
        switch (result.error.kind) {
          case 'invalid-answer':
            return showPage(c, token, { quoteAnswer: { ...chosen, error: result.error.message, field: result.error.field } }, 400);
          case 'refused':
            return showPage(c, token, { quoteAnswer: { ...chosen, error: result.error.message } }, 409);
          case 'not-found':
            return showPage(c, token, {}, 404);
          case 'storage-failure':
            return c.text(unavailable, 503);
        }
      });
    }

    api.post(`${customerLinkApiPath}/:token${quotePaths[answer]}`, customerLinkOperations.quote[answer], limitBody(bodyLimits.json), async (c) => {
      const decision = await limits.changes.consume(clientKey(c));
      if (!decision.allowed) return refusedJson(c, decision);
      const read = await readJsonBody(c);
      if (!read.ok) return fail(c, read.error, 400);
      const token = c.req.param('token');
      await equalCost(token);
      return answerJson(c, await answerCustomerQuote(deps, token, answer, fieldsOf(read.body), now()));
    });
  }

  const answerJson = (c: Context, result: QuoteAnswerResult) => {
    if (result.ok) return c.json(toWireCustomerView(result.view));
    const { error } = result;
    switch (error.kind) {
      case 'invalid-answer':
        return fail(c, { error: 'invalid-fields', message: error.message, fields: [{ field: error.field, message: error.message }] }, 400);
      case 'refused':
        return fail(c, { error: 'conflict', message: error.message, reason: error.refusal.reason, view: toWireCustomerView(error.view) }, 409);
      case 'not-found':
        return fail(c, notFound, 404);
      case 'storage-failure':
        return fail(c, { error: 'storage-unavailable', message: unavailable }, 503);
    }
  };
}
