import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { useAppContext } from '../app-context-provider';
import { Inbox } from '../../components/inbox/inbox';
import { OfflineBanner } from '../../components/inbox/offline-banner';
import { SignInForm } from '../../components/inbox/sign-in-form';
import { PageHead } from '../../seo/page-head';
import { inboxApp } from '../../seo/site-assets';
import { registerInboxWorker } from '../inbox-worker';
import { siteUrl } from '../site-url';

/** Staff only: the sign-in form to anyone else. */
export function QuotesPage() {
  const staff = useAppContext((context) => context.staff);
  const status = useStore(staff, (state) => state.status);

  useEffect(() => {
    void staff.getState().check();
  }, [staff]);

  // The inbox is an app of its own on a phone: alerts, and opening offline. Only this page installs it.
  useEffect(registerInboxWorker, []);

  return (
    <div className="container quotes-page">
      <PageHead
        title={`${copy.quotes.heading} | ${business.name}`}
        description={`Quote requests sent to ${business.name}, for staff.`}
        path="/quotes"
        siteUrl={siteUrl}
        noindex
        manifest={inboxApp.manifest}
      />
      <OfflineBanner />
      {status === 'checking' ? (
        <p className="list-message">{inboxCopy.checkingSignIn}</p>
      ) : status === 'signed-out' ? (
        <SignInForm />
      ) : (
        <Inbox />
      )}
    </div>
  );
}
