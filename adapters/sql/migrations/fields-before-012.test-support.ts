import { type NewQuote, toNamedFields } from '../../../domain/quote/quote';

/** A request's columns as a release before 012 stored them: where it came from arrived with 012. */
export function fieldsBefore012(quote: NewQuote) {
  const { name, email, phone, postcode, service_type, description, urgent } = toNamedFields(quote);
  return { name, email, phone, postcode, service_type, description, urgent };
}

/** Where a request stored before 012 came from, as it reads after: nowhere known. */
export const sourceBefore012 = { heardFrom: null, landingPage: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null, hasGclid: false } as const;
