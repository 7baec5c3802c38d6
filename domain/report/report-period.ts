/** The periods the owner can read the report over, London's calendar, up to the moment it is read. */
export const reportPeriods = ['this-month', 'last-month', 'last-90-days', 'this-year'] as const;

export type ReportPeriod = (typeof reportPeriods)[number];

/** The period an address that names none, or one it does not know, reports on. */
export const defaultReportPeriod: ReportPeriod = 'this-month';

export const reportPeriodLabels: Readonly<Record<ReportPeriod, string>> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-90-days': 'The last 90 days',
  'this-year': 'This year',
};

export const isReportPeriod = (value: unknown): value is ReportPeriod => reportPeriods.some((period) => period === value);
