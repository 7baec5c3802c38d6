import { type SubmitEvent, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { AlertsPanel } from '../../components/inbox/alerts-panel';
import { CustomerDataPanel } from '../../components/inbox/customer-data-panel';
import { downloadFile } from '../../components/inbox/download-file';
import { InboxSummaryPanel } from '../../components/inbox/inbox-summary-panel';
import { DownloadIcon } from '../../components/shared/icons';
import { useAppContext } from '../app-context-provider';
import { queryOf } from '../../../domain/inbox/inbox-search';
import { StaffPage } from './staff-page';

const { settings: text } = inboxCopy;

/** Every request received between two days (each optional, both included) as a CSV file, downloaded. */
function ExportSection() {
  const actions = useAppContext((context) => context.quoteActions);
  const exporting = useStore(actions, (state) => state.exporting);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [datesReversed, setDatesReversed] = useState(false);
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exporting) return;
    if (from !== '' && to !== '' && from > to) {
      setDatesReversed(true);
      return;
    }
    const file = await actions.getState().exportCsv(queryOf({ view: 'all', from: from || undefined, to: to || undefined }));
    if (file) downloadFile(file.csv, file.fileName, 'text/csv;charset=utf-8');
  };
  return (
    <section className="settings-section" aria-labelledby="export-title">
      <h2 id="export-title">{text.exportHeading}</h2>
      <p className="summary-quiet">{text.exportIntro}</p>
      <form className="export-form" aria-labelledby="export-title" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor="export-from">{inboxCopy.filters.from}</label>
          <input
            id="export-from"
            type="date"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              setDatesReversed(false);
            }}
          />
        </div>
        <div className={datesReversed ? 'field field-invalid' : 'field'}>
          <label htmlFor="export-to">{inboxCopy.filters.to}</label>
          <input
            id="export-to"
            type="date"
            value={to}
            aria-invalid={datesReversed}
            {...(datesReversed ? { 'aria-describedby': 'export-to-error' } : {})}
            onChange={(event) => {
              setTo(event.target.value);
              setDatesReversed(false);
            }}
          />
          {datesReversed && (
            <p id="export-to-error" className="field-error">
              {inboxCopy.filters.datesReversed}
            </p>
          )}
        </div>
        <button type="submit" className="button button-outline" aria-disabled={exporting}>
          <DownloadIcon /> {inboxCopy.exportCsv}
        </button>
      </form>
    </section>
  );
}

function AccountSection() {
  const staff = useAppContext((context) => context.staff);
  const email = useStore(staff, (state) => state.staff?.email);
  return (
    <section className="settings-section" aria-labelledby="account-title">
      <h2 id="account-title">{text.account}</h2>
      <p>
        {inboxCopy.signedInAs} <strong>{email}</strong>
      </p>
      <button type="button" className="button button-outline" onClick={() => void staff.getState().signOut()}>
        {inboxCopy.signOut}
      </button>
    </section>
  );
}

/** The staff's tools beside the inbox: the response times, alerts and the rota, customer data, the export, signing out. */
function Settings() {
  const inbox = useAppContext((context) => context.inbox);
  useEffect(() => {
    void inbox.getState().refreshSummary();
  }, [inbox]);
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title" tabIndex={-1}>
        {text.heading}
      </h1>
      <InboxSummaryPanel />
      <AlertsPanel />
      <CustomerDataPanel />
      <ExportSection />
      <AccountSection />
    </section>
  );
}

/** Staff only: the sign-in form to anyone else. */
export function SettingsPage() {
  return (
    <StaffPage title={text.heading} description={text.description} path="/quotes/settings">
      <Settings />
    </StaffPage>
  );
}

// The owner's report and the services due ride in this page's chunk (see report-route.tsx).
export { ReportPage } from './report-page';
export { ServiceDuePage } from './service-due-page';
