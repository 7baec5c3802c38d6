import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useStore } from 'zustand';
import type { PeriodStats } from '../../../domain/inbox/inbox-summary';
import { describeDuration } from '../../../domain/inbox/response-clock';
import { useAppContext } from '../../app/app-context-provider';
import { AlertIcon } from '../shared/icons';

const { summary: text } = inboxCopy;

function Period({ period }: { period: PeriodStats }) {
  return (
    <div className="summary-item summary-period">
      <dt>{text.period(period.days)}</dt>
      <dd>
        {period.medianMinutes === null ? (
          text.noneAnswered
        ) : (
          <>
            <strong>{describeDuration(period.medianMinutes)}</strong> {text.median}
          </>
        )}
      </dd>
      {period.withinPromiseShare !== null && (
        <dd>
          <strong>{Math.round(period.withinPromiseShare * 100)}%</strong> {text.withinPromise}
        </dd>
      )}
      {period.answered > 0 && <dd className="summary-quiet">{text.answered(period.answered)}</dd>}
    </div>
  );
}

/** What is waiting now and how the promise has been kept lately, above the list. */
export function InboxSummaryPanel() {
  const inbox = useAppContext((context) => context.inbox);
  const summary = useStore(inbox, (state) => state.summary);
  const failed = useStore(inbox, (state) => state.summaryFailed);

  return (
    <section className="inbox-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{text.heading}</h2>
      {summary === null ? (
        <p className="summary-quiet">{failed ? text.unavailable : text.loading}</p>
      ) : (
        <dl className="summary-grid">
          <div className="summary-item">
            <dt>{text.waitingNow}</dt>
            <dd className="summary-number">{summary.waiting.toLocaleString('en-GB')}</dd>
          </div>
          <div className={summary.overdue > 0 ? 'summary-item summary-alert' : 'summary-item'}>
            <dt>{text.overdueNow}</dt>
            <dd className="summary-number">
              {summary.overdue > 0 && <AlertIcon />} {summary.overdue.toLocaleString('en-GB')}
            </dd>
          </div>
          {summary.periods.map((period) => (
            <Period key={period.days} period={period} />
          ))}
        </dl>
      )}
    </section>
  );
}
