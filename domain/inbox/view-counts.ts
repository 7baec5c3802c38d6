import { type InboxView, inboxViews, type ViewPlace, viewLists } from './inbox-query';

/** How many requests each view lists as a whole, whatever staff search for or filter by: the counts on the view tabs. */
export type ViewCounts = Readonly<Record<InboxView, number>>;

/** How many requests a store holds at one place (a status, in the Spam folder or out of it): what it counts them by. */
export interface ViewTally extends ViewPlace {
  count: number;
}

/** Each view's count from a store's tallies: each view counts exactly the requests it lists (see viewLists). */
export function viewCountsOf(tallies: readonly ViewTally[]): ViewCounts {
  const countOf = (view: InboxView) => tallies.reduce((sum, tally) => sum + (viewLists(view, tally) ? tally.count : 0), 0);
  // Object.fromEntries types its keys as any string; they are every view, one each.
  return Object.fromEntries(inboxViews.map((view) => [view, countOf(view)])) as Record<InboxView, number>;
}

