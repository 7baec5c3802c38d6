import { Link, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { formatPounds } from '../../../domain/inbox/job-outcome';
import { describeDuration } from '../../../domain/inbox/response-clock';
import { formatLondonIso, londonDay } from '../../../domain/london-time';
import type { ChannelFigures, LeadReport, ReportWeek } from '../../../domain/report/lead-report';
import { defaultReportPeriod, type ReportPeriod, reportPeriodLabels, reportPeriods } from '../../../domain/report/report-period';
import { drawnReport } from '../staff-page-readings';
import { reportCopy as text } from '../../../domain/report/report-copy';
import { NotSignedIn } from '../../../domain/staff/staff';
import { downloadFile } from '../../components/inbox/download-file';
import { DownloadIcon } from '../../components/shared/icons';
import { useAppContext } from '../app-context-provider';
import { toastSlot } from '../stores/toast-store';
import type { Backend } from '../backends/backend';
import { StaffPage } from './staff-page';
import { ReadingFailed, useStaffReading } from './use-staff-reading';

/** What came of reading one period's report, at one attempt: while none has, it is loading. */

const percent = (share: number | null) => (share === null ? text.none : `${String(Math.round(share * 100))}%`);
const money = (pence: number | null) => (pence === null ? text.none : formatPounds(pence));
const dayOf = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** One channel's row (or the total's), in the table's column order. */
function FiguresRow({ name, figures }: { name: string; figures: ChannelFigures }) {
  return (
    <tr className={figures.requests === 0 ? 'report-row-empty' : undefined}>
      <th scope="row">{name}</th>
      <td>{figures.requests.toLocaleString('en-GB')}</td>
      <td>{figures.medianMinutesToFirstCall === null ? text.none : describeDuration(figures.medianMinutesToFirstCall)}</td>
      <td>{percent(figures.withinPromiseShare)}</td>
      <td>{figures.won.toLocaleString('en-GB')}</td>
      <td>{percent(figures.winRate)}</td>
      <td>{money(figures.wonPence)}</td>
      <td>{money(figures.pencePerRequest)}</td>
      <td>{figures.reviewsAsked.toLocaleString('en-GB')}</td>
      <td>{figures.reviewsOpened.toLocaleString('en-GB')}</td>
      <td>{figures.quotesSent.toLocaleString('en-GB')}</td>
      <td>{figures.quotesAccepted.toLocaleString('en-GB')}</td>
      <td>{percent(figures.acceptanceRate)}</td>
      <td>{money(figures.quotedPence)}</td>
    </tr>
  );
}

function ChannelTable({ report }: { report: LeadReport }) {
  const { columns } = text;
  return (
    <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby="report-by-channel">
      <table className="report-table">
        <caption id="report-by-channel">{text.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.channel}</th>
            <th scope="col">{columns.requests}</th>
            <th scope="col">{columns.firstCall}</th>
            <th scope="col">{columns.withinPromise}</th>
            <th scope="col">{columns.won}</th>
            <th scope="col">{columns.winRate}</th>
            <th scope="col">{columns.wonValue}</th>
            <th scope="col">{columns.perRequest}</th>
            <th scope="col">{columns.reviewsAsked}</th>
            <th scope="col">{columns.reviewsOpened}</th>
            <th scope="col">{columns.quotesSent}</th>
            <th scope="col">{columns.quotesAccepted}</th>
            <th scope="col">{columns.acceptanceRate}</th>
            <th scope="col">{columns.quotedValue}</th>
          </tr>
        </thead>
        <tbody>
          {report.channels.map(({ channel, ...figures }) => (
            <FiguresRow key={channel} name={channel} figures={figures} />
          ))}
        </tbody>
        <tfoot>
          <FiguresRow name={text.total} figures={report.total} />
        </tfoot>
      </table>
    </div>
  );
}

const chart = { width: 640, height: 200, gap: 2 };

/**
 * One week-by-week series as bars, drawn as SVG that stretches to the width it is given: an image
 * named by its caption, which sums it up in words, each bar with its figure as a tooltip; the months
 * are written under it as text, and the table below holds every number for screen readers.
 */
function WeekBars({ id, title, weeks, value, describe }: { id: string; title: string; weeks: readonly ReportWeek[]; value: (week: ReportWeek) => number; describe: (amount: number) => string }) {
  const amounts = weeks.map(value);
  const most = Math.max(0, ...amounts);
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  const barWidth = chart.width / Math.max(1, weeks.length);
  const months = weeks.flatMap((week, index) =>
    index === 0 || week.start.slice(5, 7) !== weeks[index - 1]?.start.slice(5, 7)
      ? [{ start: week.start, left: (index / Math.max(1, weeks.length)) * 100, name: new Date(`${week.start}T12:00:00Z`).toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' }) }]
      : [],
  );
  return (
    <figure className="report-chart">
      <figcaption id={`${id}-title`}>
        {title} <span className="summary-quiet">(most in a week {describe(most)}; in all {describe(total)})</span>
      </figcaption>
      <svg viewBox={`0 0 ${String(chart.width)} ${String(chart.height)}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title`}>
        {weeks.map((week, index) => {
          const height = (value(week) / Math.max(1, most)) * (chart.height - 4);
          return (
            <rect key={week.start} x={index * barWidth + chart.gap / 2} y={chart.height - height} width={Math.max(1, barWidth - chart.gap)} height={height} className="report-bar">
              <title>{`${dayOf(week.start)}: ${describe(value(week))}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Placed by SVG's own x attribute, in percent of the width: a style attribute in a page the server drew breaks its Content-Security-Policy. */}
      <svg className="report-months" aria-hidden="true">
        {months.map((month) => (
          <text key={month.start} x={`${String(month.left)}%`} y="1em">
            {month.name}
          </text>
        ))}
      </svg>
    </figure>
  );
}

function WeeksTable({ weeks }: { weeks: readonly ReportWeek[] }) {
  return (
    <details className="report-weeks">
      <summary>{text.weeksTable}</summary>
      <table className="report-table">
        <thead>
          <tr>
            <th scope="col">{text.weekStarting}</th>
            <th scope="col">{text.columns.requests}</th>
            <th scope="col">{text.columns.wonValue}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.start}>
              <th scope="row">{dayOf(week.start)}</th>
              <td>{week.requests.toLocaleString('en-GB')}</td>
              <td>{formatPounds(week.wonPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The report over the period the address names: the table by channel, the weeks as bars and as a table, and its CSV. */
function Report() {
  // By the route's id, not its object: importing the route here would split the router's chunk.
  const period = useSearch({ from: '/quotes/report', select: (search) => search.period ?? defaultReportPeriod });
  const { ports, onNotSignedIn, toasts } = useAppContext((context) => context.settingsDeps);
  // A period left before its report arrived never shows that report.
  const read = useCallback(
    (backend: Backend) => {
      if (backend.reports === undefined) throw new Error('This host draws no report');
      return backend.reports.read(period);
    },
    [period],
  );
  const drawn = useAppContext((context) => context.drawnStaffPage.reading);
  const { reading, retry } = useStaffReading(read, drawnReport(drawn, period));

  const download = async (chosen: ReportPeriod) => {
    try {
      const reports = (await ports()).reports;
      if (reports === undefined) throw new Error('This host draws no report');
      downloadFile(await reports.csv(chosen), `report-${chosen}-${londonDay(new Date())}.csv`, 'text/csv;charset=utf-8');
      toastSlot(toasts, 'report-download').show({ title: text.downloaded, description: reportPeriodLabels[chosen] });
    } catch (error) {
      if (error instanceof NotSignedIn) onNotSignedIn();
      else toastSlot(toasts, 'report-download').show({ title: text.downloadFailed, description: text.failed, variant: 'destructive' });
    }
  };

  return (
    <section className="report" aria-labelledby="report-title">
      <h1 id="report-title" tabIndex={-1}>
        {text.heading}
      </h1>
      <nav className="report-periods" aria-label={text.periodsLabel}>
        {reportPeriods.map((choice) => (
          <Link key={choice} to="/quotes/report" search={{ period: choice }} aria-current={choice === period ? 'page' : undefined}>
            {reportPeriodLabels[choice]}
          </Link>
        ))}
      </nav>
      {reading.state === 'loading' && <p className="list-message">{text.loading}</p>}
      {reading.state === 'failed' && <ReadingFailed message={text.failed} retryLabel={text.retry} retry={retry} />}
      {reading.state === 'ready' && (
        <>
          <p className="summary-quiet">
            {text.covers(formatLondonIso(reading.value.from), formatLondonIso(new Date(reading.value.to.getTime() - 1)))} {text.valueNote} {text.quoteNote}
          </p>
          <ChannelTable report={reading.value} />
          <h2>{text.chartHeading}</h2>
          <WeekBars id="report-requests" title={text.requestsChart} weeks={reading.value.weeks} value={(week) => week.requests} describe={(count) => count.toLocaleString('en-GB')} />
          <WeekBars id="report-value" title={text.valueChart} weeks={reading.value.weeks} value={(week) => week.wonPence} describe={formatPounds} />
          <WeeksTable weeks={reading.value.weeks} />
          <button type="button" className="button button-outline" onClick={() => void download(period)}>
            <DownloadIcon /> {text.download}
          </button>
        </>
      )}
    </section>
  );
}

/** Staff only: the sign-in form to anyone else. */
export function ReportPage() {
  return (
    <StaffPage title={text.heading} description={text.description} path="/quotes/report">
      <Report />
    </StaffPage>
  );
}
