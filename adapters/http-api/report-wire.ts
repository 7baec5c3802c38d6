import * as v from 'valibot';
import { type LeadReport } from '../../domain/report/lead-report';
import { reportPeriods } from '../../domain/report/report-period';
import { leadChannels } from '../../domain/quote/lead-channel';
import { IsoTimeSchema } from './iso-time';

/** The owner's report on the wire: snake_case, times as ISO 8601 strings, money in pence, shares 0 to 1. */
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const share = v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1)));

const WireFiguresSchema = v.object({
  requests: count,
  median_minutes_to_first_call: v.nullable(count),
  within_promise_share: share,
  won: count,
  win_rate: share,
  won_pence: count,
  pence_per_request: v.nullable(count),
  reviews_asked: count,
  reviews_opened: count,
  quotes_sent: count,
  quotes_accepted: count,
  acceptance_rate: share,
  quoted_pence: count,
});

export const WireLeadReportSchema = v.object({
  period: v.picklist(reportPeriods),
  from: IsoTimeSchema,
  to: IsoTimeSchema,
  channels: v.array(v.object({ channel: v.picklist(leadChannels), ...WireFiguresSchema.entries })),
  total: WireFiguresSchema,
  weeks: v.array(v.object({ start: v.pipe(v.string(), v.isoDate()), requests: count, won_pence: count })),
});
export type WireLeadReport = v.InferOutput<typeof WireLeadReportSchema>;
type WireFigures = v.InferOutput<typeof WireFiguresSchema>;
type Figures = LeadReport['total'];

const toWireFigures = (figures: Figures): WireFigures => ({
  requests: figures.requests,
  median_minutes_to_first_call: figures.medianMinutesToFirstCall,
  within_promise_share: figures.withinPromiseShare,
  won: figures.won,
  win_rate: figures.winRate,
  won_pence: figures.wonPence,
  pence_per_request: figures.pencePerRequest,
  reviews_asked: figures.reviewsAsked,
  reviews_opened: figures.reviewsOpened,
  quotes_sent: figures.quotesSent,
  quotes_accepted: figures.quotesAccepted,
  acceptance_rate: figures.acceptanceRate,
  quoted_pence: figures.quotedPence,
});

const fromWireFigures = (wire: WireFigures): Figures => ({
  requests: wire.requests,
  medianMinutesToFirstCall: wire.median_minutes_to_first_call,
  withinPromiseShare: wire.within_promise_share,
  won: wire.won,
  winRate: wire.win_rate,
  wonPence: wire.won_pence,
  pencePerRequest: wire.pence_per_request,
  reviewsAsked: wire.reviews_asked,
  reviewsOpened: wire.reviews_opened,
  quotesSent: wire.quotes_sent,
  quotesAccepted: wire.quotes_accepted,
  acceptanceRate: wire.acceptance_rate,
  quotedPence: wire.quoted_pence,
});

export function toWireLeadReport(report: LeadReport): WireLeadReport {
  return {
    period: report.period,
    from: report.from.toISOString(),
    to: report.to.toISOString(),
    channels: report.channels.map(({ channel, ...figures }) => ({ channel, ...toWireFigures(figures) })),
    total: toWireFigures(report.total),
    weeks: report.weeks.map(({ start, requests, wonPence }) => ({ start, requests, won_pence: wonPence })),
  };
}

export function fromWireLeadReport(wire: WireLeadReport): LeadReport {
  return {
    period: wire.period,
    from: new Date(wire.from),
    to: new Date(wire.to),
    channels: wire.channels.map(({ channel, ...figures }) => ({ channel, ...fromWireFigures(figures) })),
    total: fromWireFigures(wire.total),
    weeks: wire.weeks.map(({ start, requests, won_pence }) => ({ start, requests, wonPence: won_pence })),
  };
}
