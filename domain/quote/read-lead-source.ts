import { withCampaignTagsOnly } from './lead-source';

// Reading where a visitor came from, apart from the rules the parts are held to (lead-source.ts): only
// the code that sends a request needs it, so the pages' first scripts do not carry it.

/** The parts as the page reads them, before the rules: text, and the flag. */
export interface LeadSourceDraft {
  landingPage: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  hasGclid: boolean;
}

/**
 * The parts from the address of the page the form is on and the address it was reached from (the
 * browser's `document.referrer`, or the `Referer` header): empty where there is nothing. A referrer on
 * this site's own host is moving about the site, not arriving, and is left out.
 */
export function readLeadSource(page: string, referrer: string | undefined): LeadSourceDraft {
  const address = URL.parse(page);
  const from = referrer ? URL.parse(referrer) : null;
  const query = address?.searchParams;
  const tag = (name: string) => query?.get(name) ?? '';
  return {
    landingPage: address ? withCampaignTagsOnly(`${address.pathname}${address.search}`) : '',
    referrerHost: from && from.hostname !== address?.hostname ? from.hostname : '',
    utmSource: tag('utm_source'),
    utmMedium: tag('utm_medium'),
    utmCampaign: tag('utm_campaign'),
    hasGclid: query?.has('gclid') === true,
  };
}
