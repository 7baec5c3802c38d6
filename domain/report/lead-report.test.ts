import fc from 'fast-check';
import { expect, test } from 'vitest';
import { buildLeadReport, periodRange, reportCsv } from './lead-report';
import type { ReportPeriod } from './report-period';
import { type ReportRecord, tallyRequests } from './report-tally';
import { reportPeriods } from './report-period';
import { leadChannels } from '../quote/lead-channel';

const now = new Date('2026-11-26T12:00:00Z');
const nowhere = { referrerHost: null, utmSource: null, utmMedium: null, hasGclid: false };
const record = (at: string, fields: Partial<ReportRecord>): ReportRecord => ({
  ...nowhere,
  createdAt: new Date(at),
  urgent: false,
  respondedAt: null,
  status: 'new',
  wonPence: null,
  ...fields,
});

// Worked out by hand (see each line): November 2026 to the 26th at noon, London on GMT. A job done counts as won.
const records: ReportRecord[] = [
  // Google Ads: urgent, called in 20 min (within 30), won at £500.
  record('2026-11-02T09:00:00Z', { hasGclid: true, urgent: true, respondedAt: new Date('2026-11-02T09:20:00Z'), status: 'done', wonPence: 50_000, review: { askedAt: new Date('2026-11-06T09:00:00Z'), remindedAt: new Date('2026-11-13T09:00:00Z'), openedAt: null } }),
  // Google Ads by its tag: called in 180 min (late: 120), lost.
  record('2026-11-03T10:00:00Z', { utmMedium: 'cpc', respondedAt: new Date('2026-11-03T13:00:00Z'), status: 'lost' }),
  // Business Profile: rung with no answer at 30 min (that kept the promise), picked up later, won at £1,250.50.
  // Done since, its customer asked for a review, and the link followed.
  record('2026-11-10T08:00:00Z', { utmSource: 'gbp', respondedAt: new Date('2026-11-10T10:00:00Z'), callAttempts: [{ at: new Date('2026-11-10T08:30:00Z') }], status: 'done', wonPence: 125_050, review: { askedAt: new Date('2026-11-14T10:00:00Z'), remindedAt: null, openedAt: new Date('2026-11-15T19:00:00Z') } }),
  // Direct: urgent, never called, long overdue.
  record('2026-11-20T12:00:00Z', { urgent: true }),
  // Organic search: never called, overdue since 13:00 yesterday.
  record('2026-11-25T11:00:00Z', { referrerHost: 'www.google.co.uk' }),
  // Social: not called yet, and not due until 13:30: not counted for or against.
  record('2026-11-26T11:30:00Z', { referrerHost: 'm.facebook.com' }),
  // 31 October in London: outside the period.
  record('2026-10-31T23:30:00Z', { hasGclid: true, respondedAt: new Date('2026-11-01T00:10:00Z'), status: 'won', wonPence: 99_999 }),
];

/** The report of the records that fall in the period, summed as a store sums them. */
function reportOf(all: readonly ReportRecord[], period: ReportPeriod) {
  const { from, to } = periodRange(period, now);
  const inPeriod = all.filter(({ createdAt }) => createdAt.getTime() >= from.getTime() && createdAt.getTime() < to.getTime());
  return buildLeadReport(tallyRequests(inPeriod, now), period, now);
}

test('this month, by channel and in all, as worked out by hand', () => {
  const report = reportOf(records, 'this-month');
  expect(report.from).toEqual(new Date('2026-11-01T00:00:00Z'));
  const byChannel = Object.fromEntries(report.channels.map(({ channel, ...figures }) => [channel, figures]));
  expect(Object.keys(byChannel)).toEqual([...leadChannels]);
  expect(byChannel['Google Ads']).toEqual({ requests: 2, medianMinutesToFirstCall: 100, withinPromiseShare: 0.5, won: 1, winRate: 0.5, wonPence: 50_000, pencePerRequest: 25_000, reviewsAsked: 1, reviewsOpened: 0 });
  expect(byChannel['Google Business Profile']).toEqual({ requests: 1, medianMinutesToFirstCall: 30, withinPromiseShare: 1, won: 1, winRate: 1, wonPence: 125_050, pencePerRequest: 125_050, reviewsAsked: 1, reviewsOpened: 1 });
  expect(byChannel['Organic search']).toEqual({ requests: 1, medianMinutesToFirstCall: null, withinPromiseShare: 0, won: 0, winRate: 0, wonPence: 0, pencePerRequest: 0 , reviewsAsked: 0, reviewsOpened: 0 });
  expect(byChannel.Social).toEqual({ requests: 1, medianMinutesToFirstCall: null, withinPromiseShare: null, won: 0, winRate: 0, wonPence: 0, pencePerRequest: 0 , reviewsAsked: 0, reviewsOpened: 0 });
  expect(byChannel.Referral).toEqual({ requests: 0, medianMinutesToFirstCall: null, withinPromiseShare: null, won: 0, winRate: null, wonPence: 0, pencePerRequest: null , reviewsAsked: 0, reviewsOpened: 0 });
  expect(byChannel.Direct).toEqual({ requests: 1, medianMinutesToFirstCall: null, withinPromiseShare: 0, won: 0, winRate: 0, wonPence: 0, pencePerRequest: 0 , reviewsAsked: 0, reviewsOpened: 0 });
  expect(report.total).toEqual({ requests: 6, medianMinutesToFirstCall: 30, withinPromiseShare: 0.4, won: 2, winRate: 2 / 6, wonPence: 175_050, pencePerRequest: 29_175, reviewsAsked: 2, reviewsOpened: 1 });
  // Monday to Sunday, from the week 1 November falls in to this one.
  expect(report.weeks).toEqual([
    { start: '2026-10-26', requests: 0, wonPence: 0 },
    { start: '2026-11-02', requests: 2, wonPence: 50_000 },
    { start: '2026-11-09', requests: 1, wonPence: 125_050 },
    { start: '2026-11-16', requests: 1, wonPence: 0 },
    { start: '2026-11-23', requests: 2, wonPence: 0 },
  ]);
});

test('the CSV says the same: a row a channel, the total, then the weeks, as plain numbers', () => {
  const lines = reportCsv(reportOf(records, 'this-month')).slice(1).split('\r\n');
  expect(lines[0]).toBe('Channel,Requests,Median minutes to first call,Called within promise (%),Won,Win rate (%),Won value (£),Value per request (£),Reviews asked,Review links opened');
  expect(lines[1]).toBe('Google Ads,2,100,50,1,50,500,250,1,0');
  expect(lines[2]).toBe('Google Business Profile,1,30,100,1,100,1250.5,1250.5,1,1');
  expect(lines[5]).toBe('Referral,0,,,0,,0,,0,0');
  expect(lines[7]).toBe('All channels,6,30,40,2,33,1750.5,291.75,2,1');
  expect(lines.slice(8, 11)).toEqual(['', 'Week starting,Requests,Won value (£)', '2026-10-26,0,0']);
});

test('the periods on London’s calendar: last month whole, the others to now', () => {
  expect(periodRange('last-month', now)).toEqual({ from: new Date('2026-09-30T23:00:00Z'), to: new Date('2026-11-01T00:00:00Z') });
  expect(periodRange('last-90-days', now).from).toEqual(new Date('2026-08-28T23:00:00Z'));
  expect(periodRange('this-year', now)).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date(now.getTime() + 1) });
  expect(periodRange('last-month', new Date('2027-01-15T10:00:00Z'))).toEqual({ from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
});

test('whatever the records, the channels add up to the total, every share is 0 to 1, and each week is 7 days on', () => {
  const arbitraryRecord = fc.record({
    minutesBefore: fc.integer({ min: 0, max: 400 * 24 * 60 }),
    urgent: fc.boolean(),
    calledAfter: fc.option(fc.integer({ min: 0, max: 3000 })),
    status: fc.constantFrom('new', 'contacted', 'quoted', 'won', 'lost'),
    wonPence: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
    hasGclid: fc.boolean(),
    referrerHost: fc.constantFrom(null, 'www.bing.com', 'nextdoor.co.uk', 'example.org'),
  });
  fc.assert(
    fc.property(fc.array(arbitraryRecord, { maxLength: 60 }), fc.constantFrom(...reportPeriods), (drawn, period) => {
      const made = drawn.map(({ minutesBefore, calledAfter, status, wonPence, ...rest }): ReportRecord => {
        const createdAt = new Date(now.getTime() - minutesBefore * 60_000);
        return { ...nowhere, ...rest, createdAt, status, respondedAt: calledAfter === null || status === 'new' ? null : new Date(createdAt.getTime() + calledAfter * 60_000), wonPence: status === 'won' ? wonPence : null };
      });
      const report = reportOf(made, period);
      const sum = (pick: (figures: (typeof report.channels)[number]) => number) => report.channels.reduce((total, channel) => total + pick(channel), 0);
      expect(sum((channel) => channel.requests)).toBe(report.total.requests);
      expect(sum((channel) => channel.won)).toBe(report.total.won);
      expect(sum((channel) => channel.wonPence)).toBe(report.total.wonPence);
      expect(report.weeks.reduce((total, week) => total + week.requests, 0)).toBe(report.total.requests);
      for (const figures of [...report.channels, report.total]) {
        for (const share of [figures.withinPromiseShare, figures.winRate]) {
          if (share === null) continue;
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
        }
      }
      report.weeks.forEach((week, index) => {
        if (index > 0) expect(Date.parse(week.start) - Date.parse(report.weeks[index - 1]?.start ?? '')).toBe(7 * 24 * 60 * 60_000);
      });
    }),
  );
});
