import { business } from '../../../domain/business';
import { reminderCopy } from '../../../domain/reminders/reminder-copy';
import { reminderLinkPaths } from '../../../domain/reminders/reminder-paths';
import { reviewLinkPaths } from '../../../domain/reviews/review-paths';
import { CustomerLinkPage, StopEmails } from '../../components/customer/customer-link-page';
import { useAppContext } from '../app-context-provider';
import { getRouteApi } from '@tanstack/react-router';

/** The route's own API by its id, so this lazily loaded page never imports the route that loads it. */
const customerLinkRoute = getRouteApi('/r/$token');

/** The customer link, with what the route loaded and the address's word on what was just done. */
export function CustomerRequestRoutePage() {
  const { token } = customerLinkRoute.useParams();
  const search = customerLinkRoute.useSearch();
  const data = customerLinkRoute.useLoaderData();
  const customerLinkPage = useAppContext((context) => context.customerLinkPage);
  const now = useAppContext((context) => context.now);
  // The email links' addresses are worked out here, in the page's own chunk, not by every page's context.
  const base = customerLinkPage.apiLinkBase();
  const stopRemindersHref = (linkToken: string) => (base === undefined ? undefined : `${base}${reminderLinkPaths(linkToken).stop}`);
  if (data.view === null) {
    // The page has expired, but its request is kept with a reminder: stopping it is all there is to do.
    return (
      <article className="container customer-page" aria-labelledby="customer-title">
        <title>{`${reminderCopy.stopPage.title} | ${business.name}`}</title>
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <h1 id="customer-title">{reminderCopy.stopPage.pageTitle}</h1>
        <StopEmails id="customer-stop-reminders-title" copy={reminderCopy.stopPage} href={stopRemindersHref(token)} stop={() => customerLinkPage.stopReminders(token)} />
      </article>
    );
  }
  const actions = {
    ...customerLinkPage,
    reviewHref: (linkToken: string) => (base === undefined ? undefined : `${base}${reviewLinkPaths(linkToken).leaveReview}`),
    stopHref: (linkToken: string) => (base === undefined ? undefined : `${base}${reviewLinkPaths(linkToken).stop}`),
    stopRemindersHref,
  };
  return <CustomerLinkPage token={token} search={search} data={data} actions={actions} now={now} />;
}
