import { londonDay, londonDayStart, londonParts } from '../london-time';
import type { ReportPeriod } from './report-period';
import { toCsv } from '../inbox/csv';
import type { Logger } from '../ports/logger';
import type { ReportSource, ReportTallies, ReportTally } from '../ports/report-source';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';
import { type LeadChannel, leadChannel, leadChannels } from '../quote/lead-channel';

/** One channel's figures over the period (or every channel's, as the total). */
export interface ChannelFigures {
  requests: number;
  /** The median minutes from a request arriving to its first call (picked up or not), of those called; null when none was. */
  medianMinutesToFirstCall: number | null;
  /** Of the requests whose promise has come due (or that were called sooner), the share called within it, 0 to 1; null when none is due. */
  withinPromiseShare: number | null;
  won: number;
  /** Won of requests, 0 to 1; null with no requests. */
  winRate: number | null;
  /** The value of the won jobs whose value staff gave, in pence. */
  wonPence: number;
  /** Won value over every request, in pence (rounded); null with no requests. */
  pencePerRequest: number | null;
  /** Customers asked for a review, and of the requests, those whose review link was followed. */
  reviewsAsked: number;
  reviewsOpened: number;
  /** Of the requests, those sent a priced quote, and those that accepted one. */
  quotesSent: number;
  quotesAccepted: number;
  /** Accepted of sent, 0 to 1; null with none sent. */
  acceptanceRate: number | null;
  /** The total including VAT of the version last sent to each request quoted, in pence. */
  quotedPence: number;
}

/** One week of the chart: requests received in it, and the value of those of them won. */
export interface ReportWeek {
  /** The Monday the week starts on, as a London day (yyyy-mm-dd). */
  start: string;
  requests: number;
  wonPence: number;
}

export interface LeadReport {
  period: ReportPeriod;
  /** The period's first moment, and the first moment after it. */
  from: Date;
  to: Date;
  /** Every channel, in the rule's order, those with no requests too. */
  channels: readonly ({ channel: LeadChannel } & ChannelFigures)[];
  total: ChannelFigures;
  weeks: readonly ReportWeek[];
}

const dayMs = 24 * 60 * 60_000;

/** The London day `days` after (or before) `isoDay`. */
function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T12:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

const startOf = (isoDay: string): Date => londonDayStart(isoDay) ?? new Date(`${isoDay}T00:00:00Z`);

/**
 * Where `period` begins (its first moment) and ends (the first moment after it), read at `now` on
 * London's calendar: "this" periods run to now, `now` included.
 */
export function periodRange(period: ReportPeriod, now: Date): { from: Date; to: Date } {
  const { year, month } = londonParts(now);
  const afterNow = new Date(now.getTime() + 1);
  switch (period) {
    case 'this-month':
      return { from: startOf(`${year}-${month}-01`), to: afterNow };
    case 'last-month': {
      const previous = addDays(`${year}-${month}-01`, -1).slice(0, 7);
      return { from: startOf(`${previous}-01`), to: startOf(`${year}-${month}-01`) };
    }
    case 'last-90-days':
      return { from: startOf(addDays(londonDay(now), -89)), to: afterNow };
    case 'this-year':
      return { from: startOf(`${year}-01-01`), to: afterNow };
  }
}

const hourMs = 60 * 60_000;

/**
 * The Monday of the London week a moment falls in, as yyyy-mm-dd, by the hour it falls in: London's
 * clocks change on the hour, so every moment of an hour is on one London day. `weeks` keeps each
 * hour's answer, as a year's requests share a few thousand hours.
 */
function weekOf(date: Date, weeks: Map<number, string>): string {
  const hour = Math.floor(date.getTime() / hourMs);
  const known = weeks.get(hour);
  if (known !== undefined) return known;
  const day = londonDay(date);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const week = addDays(day, -((weekday + 6) % 7));
  weeks.set(hour, week);
  return week;
}

/** The median of values given with how often each came, rounded to a whole number when it falls between two; null with none. */
function median(counted: readonly (readonly [value: number, count: number])[]): number | null {
  const sorted = [...counted].sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  /** The value at `rank`, counting from 0 in sorted order. */
  const at = (rank: number): number => {
    let seen = 0;
    for (const [value, count] of sorted) {
      seen += count;
      if (rank < seen) return value;
    }
    return Number.NaN;
  };
  const middle = Math.floor(total / 2);
  return total % 2 === 1 ? at(middle) : Math.round((at(middle - 1) + at(middle)) / 2);
}

/** A channel's figures from its requests' sums. */
function figuresOf(tallies: readonly ReportTally[]): ChannelFigures {
  const minutes: [number, number][] = [];
  let withinPromise = 0;
  let overdueUncalled = 0;
  let requests = 0;
  let won = 0;
  let wonPence = 0;
  let reviewsAsked = 0;
  let reviewsOpened = 0;
  let quotesSent = 0;
  let quotesAccepted = 0;
  let quotedPence = 0;
  for (const tally of tallies) {
    if (tally.minutesToFirstCall !== null) minutes.push([tally.minutesToFirstCall, tally.requests]);
    if (tally.calledWithinPromise) withinPromise += tally.requests;
    if (tally.overdueUncalled) overdueUncalled += tally.requests;
    requests += tally.requests;
    won += tally.won;
    wonPence += tally.wonPence;
    reviewsAsked += tally.reviewsAsked;
    reviewsOpened += tally.reviewsOpened;
    quotesSent += tally.quotesSent;
    quotesAccepted += tally.quotesAccepted;
    quotedPence += tally.quotedPence;
  }
  const decided = minutes.reduce((sum, [, count]) => sum + count, 0) + overdueUncalled;
  return {
    requests,
    medianMinutesToFirstCall: median(minutes),
    withinPromiseShare: decided === 0 ? null : withinPromise / decided,
    won,
    winRate: requests === 0 ? null : won / requests,
    wonPence,
    pencePerRequest: requests === 0 ? null : Math.round(wonPence / requests),
    reviewsAsked,
    reviewsOpened,
    quotesSent,
    quotesAccepted,
    acceptanceRate: quotesSent === 0 ? null : quotesAccepted / quotesSent,
    quotedPence,
  };
}

/**
 * The report over `period`, read at `now`, from the sums of the requests received in it (ReportSource):
 * each channel's figures, their total, and each week's requests and won value, every week of the
 * period listed, those with none too.
 */
export function buildLeadReport({ tallies, days }: ReportTallies, period: ReportPeriod, now: Date): LeadReport {
  const { from, to } = periodRange(period, now);
  const byChannel = new Map<LeadChannel, ReportTally[]>(leadChannels.map((channel) => [channel, []]));
  for (const tally of tallies) byChannel.get(leadChannel(tally))?.push(tally);
  const weeks = new Map<string, ReportWeek>();
  const weekByHour = new Map<number, string>();
  for (let week = weekOf(from, weekByHour); startOf(week).getTime() < to.getTime(); week = addDays(week, 7)) {
    weeks.set(week, { start: week, requests: 0, wonPence: 0 });
  }
  for (const day of days) {
    const week = weeks.get(weekOf(day.at, weekByHour));
    if (week === undefined) continue;
    week.requests += day.requests;
    week.wonPence += day.wonPence;
  }
  return {
    period,
    from,
    to,
    channels: leadChannels.map((channel) => ({ channel, ...figuresOf(byChannel.get(channel) ?? []) })),
    total: figuresOf(tallies),
    weeks: [...weeks.values()],
  };
}

/** The report's columns, in order, as its CSV and its table give them. */
const reportColumns = ['Channel', 'Requests', 'Median minutes to first call', 'Called within promise (%)', 'Won', 'Win rate (%)', 'Won value (£)', 'Value per request (£)', 'Reviews asked', 'Review links opened', 'Quotes sent', 'Quotes accepted', 'Acceptance rate (%)', 'Value quoted (£)'] as const;

const percent = (share: number | null) => (share === null ? '' : String(Math.round(share * 100)));
const pounds = (pence: number | null) => (pence === null ? '' : String(pence / 100));

/** One channel's figures (or the total's) as a row of {@link reportColumns}, plain numbers a spreadsheet can add. */
function reportRow(name: string, figures: ChannelFigures): string[] {
  return [
    name,
    String(figures.requests),
    figures.medianMinutesToFirstCall === null ? '' : String(figures.medianMinutesToFirstCall),
    percent(figures.withinPromiseShare),
    String(figures.won),
    percent(figures.winRate),
    pounds(figures.wonPence),
    pounds(figures.pencePerRequest),
    String(figures.reviewsAsked),
    String(figures.reviewsOpened),
    String(figures.quotesSent),
    String(figures.quotesAccepted),
    percent(figures.acceptanceRate),
    pounds(figures.quotedPence),
  ];
}

/** The report as a spreadsheet: the channels and their total, then each week's requests and won value. */
export function reportCsv(report: LeadReport): string {
  return toCsv([
    [...reportColumns],
    ...report.channels.map(({ channel, ...figures }) => reportRow(channel, figures)),
    reportRow('All channels', report.total),
    [],
    ['Week starting', 'Requests', 'Won value (£)'],
    ...report.weeks.map((week) => [week.start, String(week.requests), String(week.wonPence / 100)]),
  ]);
}

export interface LeadReportDeps {
  reports: ReportSource;
  logger: Logger;
}

export type LeadReportResult = { ok: true; report: LeadReport } | { ok: false; error: StaffFailure };

/** The report over `period` at `now`, from the requests the store holds for it. */
export async function leadReport(deps: LeadReportDeps, period: ReportPeriod, now: Date): Promise<LeadReportResult> {
  const { from, to } = periodRange(period, now);
  try {
    return { ok: true, report: buildLeadReport(await deps.reports.reportTallies(from, to, now), period, now) };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Reading the report') };
  }
}
