import type { HeardFrom } from './lead-source';
import { quoteFields } from './quote';

// Which channel a quote request came through, from the parts its page gave (lead-source.ts). The
// first rule that holds decides, in this order:
//   1. Google Ads: a gclid was in the address, or utm_medium says paid (cpc, ppc, paid, paidsearch).
//      An ad click is the strongest sign: the business paid for it, whatever else the address says.
//   2. Google Business Profile: utm_source is gbp (the link on the profile carries it).
//   3. Organic search, Social or Referral, by the referrer's host: a search engine, a social network,
//      or any other site.
//   4. Direct: nothing at all, or only our own site (which the page never records as a referrer).
// Any other utm_source with no referrer counts by the tag's name as a host would (utm_source=facebook
// is Social); a tag we cannot place is Referral.

export const leadChannels = ['Google Ads', 'Google Business Profile', 'Organic search', 'Social', 'Referral', 'Direct'] as const;

export type LeadChannel = (typeof leadChannels)[number];

/** The parts of a stored request the channel is read from. */
export interface LeadSource {
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  hasGclid: boolean;
}

const paidMedia = new Set(['cpc', 'ppc', 'paid', 'paidsearch', 'paid-search', 'paid_search']);

/** Search engines, by a label of their host: google.co.uk, www.bing.com, uk.search.yahoo.com. */
const searchEngines = new Set(['google', 'bing', 'duckduckgo', 'yahoo', 'ecosia', 'baidu', 'yandex', 'startpage', 'qwant']);
const searchHosts = new Set(['search.brave.com']);

/** Social networks, by a label of their host (m.facebook.com), and their short-link hosts. */
const socialNetworks = new Set(['facebook', 'instagram', 'twitter', 'linkedin', 'nextdoor', 'pinterest', 'reddit', 'tiktok', 'youtube', 'threads', 'whatsapp', 'mumsnet']);
const socialHosts = new Set(['t.co', 'x.com', 'fb.me', 'lnkd.in', 'm.me', 'wa.me']);

/** Whether `host` (or a tag's value naming a site) has one of `names` among its labels, or is one of `hosts`. */
const names = (labels: ReadonlySet<string>, hosts: ReadonlySet<string>) => (host: string) => {
  const lower = host.toLowerCase();
  return hosts.has(lower) || lower.split('.').some((label) => labels.has(label));
};

/** Whether the host is a search engine's. */
export const isSearchHost = names(searchEngines, searchHosts);

/** Whether the host is a social network's. */
export const isSocialHost = names(socialNetworks, socialHosts);

const byPlace = (place: string): LeadChannel => (isSearchHost(place) ? 'Organic search' : isSocialHost(place) ? 'Social' : 'Referral');

/** The channel a request came through; see the order above. */
export function leadChannel({ referrerHost, utmSource, utmMedium, hasGclid }: LeadSource): LeadChannel {
  if (hasGclid || (utmMedium !== null && paidMedia.has(utmMedium.trim().toLowerCase()))) return 'Google Ads';
  const source = utmSource?.trim().toLowerCase() ?? '';
  if (source === 'gbp') return 'Google Business Profile';
  if (referrerHost !== null) return byPlace(referrerHost);
  return source === '' ? 'Direct' : byPlace(source);
}

/** What staff read the channel under, on the card and in the business's email. */
export const cameFromLabel = 'Came from';

/** The channel, with the visitor's own answer beside it: "Organic search · said: A recommendation". */
export function describeLeadSource(quote: LeadSource & { heardFrom: HeardFrom | null }): string {
  const channel = leadChannel(quote);
  return quote.heardFrom === null ? channel : `${channel} · said: ${quoteFields.heardFrom.choices[quote.heardFrom]}`;
}
