/**
 * What a description may report that is an emergency for the gas network before it is one for us: a
 * smell of gas (or a leak of it), or carbon monoxide. Apart from the rule (gas-report.ts), so a page
 * that only shows the advice does not carry the rule.
 */
export const gasReports = ['gas-smell', 'carbon-monoxide'] as const;

export type GasReport = (typeof gasReports)[number];
