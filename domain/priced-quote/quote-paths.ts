/**
 * The paths under a customer's link where they answer their priced quote: on the page (/r/<token>)
 * its plain forms post to `accept` and `decline`; on the API (/api/r/<token>) the same as JSON.
 */
export const quotePaths = { accept: '/quote/accept', decline: '/quote/decline' } as const;

/** What the page's address says after a plain form's answer: `?done=quote-accepted` or `quote-declined`. */
export const quoteDone = { accept: 'quote-accepted', decline: 'quote-declined' } as const;
