import { useEffect } from 'react';
import { useStore } from 'zustand';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { AlertsPanel } from '../../components/inbox/alerts-panel';
import { CustomerDataPanel } from '../../components/inbox/customer-data-panel';
import { downloadFile } from '../../components/inbox/download-file';
import { InboxSummaryPanel } from '../../components/inbox/inbox-summary-panel';
import { DownloadIcon } from '../../components/shared/icons';
import { useAppContext } from '../app-context-provider';
import { StaffPage } from './staff-page';

const { settings: text } = inboxCopy;

/** Every request as a CSV file, downloaded. */
function ExportSection() {
  const actions = useAppContext((context) => context.quoteActions);
  const exporting = useStore(actions, (state) => state.exporting);
  const exportCsv = async () => {
    const file = await actions.getState().exportCsv();
    if (file) downloadFile(file.csv, file.fileName, 'text/csv;charset=utf-8');
  };
  return (
    <section className="settings-section" aria-labelledby="export-title">
      <h2 id="export-title">{text.exportHeading}</h2>
      <p className="summary-quiet">{text.exportIntro}</p>
      <button
        type="button"
        className="button button-outline"
        aria-disabled={exporting}
        onClick={() => {
          if (!exporting) void exportCsv();
        }}
      >
        <DownloadIcon /> {inboxCopy.exportCsv}
      </button>
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
