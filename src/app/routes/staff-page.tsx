import { type ReactNode, useEffect } from 'react';
import { useStore } from 'zustand';
import { business } from '../../../domain/business';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { OfflineBanner } from '../../components/inbox/offline-banner';
import { SignInForm } from '../../components/inbox/sign-in-form';
import { PageHead } from '../../seo/page-head';
import { inboxApp } from '../../seo/site-assets';
import { useAppContext } from '../app-context-provider';
import { registerInboxWorker } from '../inbox-worker';
import { siteUrl } from '../site-url';

/**
 * A page for staff only: its head (never indexed), the offline banner, and its content once someone
 * is signed in; the sign-in form to anyone else. Every staff page installs the inbox's app.
 */
export function StaffPage({ title, description, path, children }: { title: string; description: string; path: string; children: ReactNode }) {
  const staff = useAppContext((context) => context.staff);
  const status = useStore(staff, (state) => state.status);

  // A page our server drew already says who is signed in: only a page built the same for everyone asks.
  useEffect(() => {
    if (staff.getState().status === 'checking') void staff.getState().check();
  }, [staff]);

  // The inbox is an app of its own on a phone: alerts, and opening offline. Only staff pages install it.
  useEffect(registerInboxWorker, []);

  return (
    <div className="container quotes-page">
      <PageHead title={`${title} | ${business.name}`} description={description} path={path} siteUrl={siteUrl} noindex manifest={inboxApp.manifest} />
      <OfflineBanner />
      {status === 'checking' ? <p className="list-message">{inboxCopy.checkingSignIn}</p> : status === 'signed-out' ? <SignInForm /> : children}
    </div>
  );
}
