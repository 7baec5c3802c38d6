import type { Context } from 'hono';
import { type LeadSourceDraft, readLeadSource } from '../../../domain/quote/read-lead-source';
import { type PageField, pageFields, type QuoteDraft, quoteFields } from '../../../domain/quote/quote';
import { checkedValue } from '../../http-api/wire';

/**
 * Where the visitor asking for this page came from: its address (on our own host as `siteUrl` names
 * it, when set, whatever host a proxy passed on) and its Referer header. Nothing else is read.
 */
export function leadSourceOf(c: Context, siteUrl: string | undefined): LeadSourceDraft {
  const address = new URL(c.req.url);
  const page = siteUrl === undefined ? address.href : new URL(`${address.pathname}${address.search}`, siteUrl).href;
  return readLeadSource(page, c.req.header('referer'));
}

/** Whether the source says more than the bare address every other visitor asks for. */
export const saysWhere = (source: LeadSourceDraft): boolean =>
  source.hasGclid || source.landingPage.includes('?') || [source.referrerHost, source.utmSource, source.utmMedium, source.utmCampaign].some((part) => part !== '');

/** The values of the form's hidden inputs for where the visitor came from, by their names, as a plain post sends them back. */
export function pageFieldValues(draft: Pick<QuoteDraft, PageField>): Record<string, string> {
  return Object.fromEntries(
    pageFields.map((field) => {
      const value = draft[field];
      return [quoteFields[field].name, typeof value === 'boolean' ? (value ? checkedValue : '') : value];
    }),
  );
}
