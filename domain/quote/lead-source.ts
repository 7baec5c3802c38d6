import * as v from 'valibot';
import { emptyToNull, text } from './field-description';

// Where a quote request came from, as the page it was sent from tells it: no cookie, nothing kept on
// the visitor's device. The parts are read from the page's address and its referrer when the form is
// sent (by the page's script, or by our server as it sends the page), and each is dropped when it
// breaks its rule: a visitor is never refused for where they came from.

/** How a visitor says they heard of us, in the order the form lists them. */
export const heardFromLabels = {
  'google-search': 'Google search',
  'google-maps': 'Google Maps',
  recommendation: 'A recommendation',
  'van-or-sign': 'A van or sign',
  leaflet: 'A leaflet',
  'social-media': 'Social media',
  'used-before': 'Used us before',
  other: 'Other',
} as const;

export type HeardFrom = keyof typeof heardFromLabels;

export const heardFromValues = Object.keys(heardFromLabels) as HeardFrom[];

/** The most characters each part keeps: a longer one is dropped, not cut. */
const leadSourceLimits = { landingPage: 300, referrerHost: 253, utm: 100 } as const;

/**
 * A path with only its campaign tags (utm_*) left in its query: whatever else an address holds (a
 * click's id, a postcode checked, a customer's own link) is never kept.
 */
export const withCampaignTagsOnly = (page: string): string => {
  const at = page.indexOf('?');
  if (at < 0) return page;
  const tags = page
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair.toLowerCase().startsWith('utm_'));
  return tags.length === 0 ? page.slice(0, at) : `${page.slice(0, at)}?${tags.join('&')}`;
};

/** Text the page gave: trimmed, null when empty, then held to `rule`; anything it breaks is dropped (null). */
const pagePart = (rule: v.GenericSchema<string, string>) =>
  v.fallback(v.pipe(text(''), v.trim(), v.transform(emptyToNull), v.nullable(rule)), null);

/** A path on this site with its campaign tags, as an address holds it (percent-encoded): `/`, `/?utm_source=gbp`. */
const landingPageInput = pagePart(
  v.pipe(
    v.string(),
    v.regex(/^\/(?!\/)[\w\-.~!$&'()*+,;=:@%/?]*$/),
    v.transform(withCampaignTagsOnly),
    v.maxLength(leadSourceLimits.landingPage),
  ),
);

/** A host name alone, lower case: `www.google.co.uk`; no scheme, port, path or query. */
const referrerHostInput = pagePart(
  v.pipe(v.string(), v.toLowerCase(), v.maxLength(leadSourceLimits.referrerHost), v.regex(/^[a-z\d-]+(?:\.[a-z\d-]+)*$/)),
);

/** A campaign tag's value: letters, digits, spaces and `. _ ~ + - / : |`. */
const utmInput = pagePart(v.pipe(v.string(), v.maxLength(leadSourceLimits.utm), v.regex(/^[\p{L}\p{N} ._~+\-/:|]+$/u)));

/** Whether the address held an ad click's id: only that it did is kept, never the id. */
const hasGclidInput = v.fallback(v.optional(v.boolean(), false), false);

/** A part the page fills in as a field of the quote request (quote.ts): no control; staff read it through the channel (lead-channel.ts). */
const pagePartField = <Name extends string>(name: Name, label: string, maxLength: number, input: ReturnType<typeof pagePart>) =>
  ({ name, kind: 'text', maxLength, searchable: false, label, input, stored: v.nullable(v.string()) }) as const;

/** The parts as fields of the quote request, in the order staff read them. */
export const leadSourceFields = {
  landingPage: pagePartField('landing_page', 'Landing page', leadSourceLimits.landingPage, landingPageInput),
  referrerHost: pagePartField('referrer_host', 'Referrer', leadSourceLimits.referrerHost, referrerHostInput),
  utmSource: pagePartField('utm_source', 'utm_source', leadSourceLimits.utm, utmInput),
  utmMedium: pagePartField('utm_medium', 'utm_medium', leadSourceLimits.utm, utmInput),
  utmCampaign: pagePartField('utm_campaign', 'utm_campaign', leadSourceLimits.utm, utmInput),
  hasGclid: { name: 'has_gclid', kind: 'flag', searchable: false, label: 'Ad click', input: hasGclidInput, stored: v.boolean() },
} as const;
