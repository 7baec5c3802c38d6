// Apart from the due rule, so a page that only names the visits (the quote form filled in for one)
// carries their names and not the rule.

/** The two yearly visits a reminder is for. */
export const serviceKinds = ['boiler-service', 'gas-safety-check'] as const;
export type ServiceKind = (typeof serviceKinds)[number];
