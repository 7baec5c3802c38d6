import type { InboxView } from './inbox-query';
import type { QuoteStatus } from './quote-status';
import { describeDuration } from './response-clock';

/** The button that moves a request to a status, as staff read it. */
const statusActions: Readonly<Record<QuoteStatus, string>> = {
  new: 'Mark waiting',
  contacted: 'Mark contacted',
  quoted: 'Mark quoted',
  won: 'Mark won',
  done: 'Mark done',
  lost: 'Mark lost',
};

/**
 * Every text of the staff inbox at /quotes, beyond those the specification fixes (copy.quotes). Kept
 * apart from copy.ts so a visitor's page, which never shows them, never downloads them.
 */
export const inboxCopy = {
  loading: 'Loading quote requests…',
  checkingSignIn: 'Checking your sign-in…',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
  exportCsv: 'Export CSV',
  contactDetails: 'Contact details',
  /** The staff pages' own header: the inbox, the owner's report, the staff's settings, and who is signed in. */
  staffNav: { label: 'Staff', inbox: 'Inbox', serviceDue: 'Due for service', report: 'Report', settings: 'Settings' },
  /** The staff's tools that are not the list: alerts, the rota, customer data, export and the response times. */
  settings: {
    heading: 'Settings',
    description: 'Alerts, who is on call, customer data, the export and the response times, for staff.',
    exportHeading: 'Export',
    exportIntro: 'Every request of every status received between two days (or ever, with the days left empty), as a spreadsheet file (CSV).',
    account: 'Your account',
  },
  /** What stays in view above the list: how many wait, and how many of them are past their promise. */
  counts: (waiting: number, overdue: number) => `${waiting.toLocaleString('en-GB')} waiting · ${overdue.toLocaleString('en-GB')} overdue`,
  card: {
    call: 'Call',
    /** The Call button's name: the number digit by digit, so a screen reader says "oh seven seven", not "seven billion". */
    callLabel: (name: string, spokenNumber: string) => `Call ${name}, ${spokenNumber}`,
    detailsLabel: (name: string) => `Details, ${name}`,
    received: 'Received',
    review: 'Review',
  },
  /** The views, by status; 'new' is what staff call the requests still waiting for their call back. */
  views: {
    new: 'Waiting',
    contacted: 'Contacted',
    quoted: 'Quoted',
    won: 'Won',
    done: 'Done',
    lost: 'Lost',
    all: 'All',
    spam: 'Spam',
  } satisfies Record<InboxView, string>,
  empty: {
    waiting: 'Nobody is waiting for a call back.',
    spam: 'Nothing in Spam.',
    view: (view: string) => `No requests are ${view.toLowerCase()}.`,
    filtered: 'No requests match these filters.',
  },
  summary: {
    heading: 'Response times',
    waitingNow: 'Waiting now',
    overdueNow: 'Overdue now',
    period: (days: number) => `Last ${days} days`,
    median: 'median response',
    withinPromise: 'within the promise',
    answered: (count: number) => `${count.toLocaleString('en-GB')} answered`,
    noneAnswered: 'None answered yet',
    loading: 'Reading the response times…',
    unavailable: 'Response times could not be read just now.',
  },
  filters: {
    label: 'Filter quote requests',
    view: 'Show',
    search: 'Search',
    searchHint: 'Name, phone number, email, postcode or words from the job',
    service: 'Service',
    anyService: 'Any service',
    urgent: 'Urgency',
    urgency: { any: 'Any', yes: 'Urgent only', no: 'Not urgent' },
    area: 'Our area',
    areas: { any: 'Anywhere', inside: 'Inside', outside: 'Outside' },
    from: 'From',
    to: 'To',
    apply: 'Apply',
    clear: 'Clear',
    /** The button that opens the filters, with how many are applied. */
    toggle: (applied: number) => (applied === 0 ? 'Filters' : `Filters (${applied.toLocaleString('en-GB')})`),
    searchButton: 'Search',
    datesReversed: 'The From date must be on or before the To date',
  },
  paging: {
    showing: (shown: number, total: number) => `Showing ${shown.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`,
    showMore: (count: number) => `Show ${count.toLocaleString('en-GB')} more`,
  },
  updates: {
    newRequests: (count: number) => (count === 1 ? '1 new request' : `${count.toLocaleString('en-GB')} new requests`),
    changed: 'The list has changed',
    show: 'Show',
  },
  status: {
    /** The badge of a request's status, as the views name them. */
    badge: {
      new: 'Waiting',
      contacted: 'Contacted',
      quoted: 'Quoted',
      won: 'Won',
      done: 'Done',
      lost: 'Lost',
    } satisfies Record<QuoteStatus, string>,
    /** The button that moves a request to `to`; a lost customer who comes back is reopened, and a job marked done too soon is not done yet. */
    action: (from: QuoteStatus, to: QuoteStatus) => (from === 'lost' ? 'Reopen' : from === 'done' ? 'Not done yet' : statusActions[to]),
    /** The action's accessible name: the words it shows, then whose request it moves. */
    actionLabel: (action: string, name: string) => `${action}, ${name}`,
  },
  clock: {
    onTime: (minutesLeft: number) => `On time · ${describeDuration(minutesLeft)} left`,
    dueSoon: (minutesLeft: number) => `Due soon · ${describeDuration(minutesLeft)} left`,
    overdue: (minutesOver: number) => `Overdue · ${describeDuration(minutesOver)}`,
    waited: (minutes: number, callBy: string) => `Waited ${describeDuration(minutes)}, call back by ${callBy}`,
    answeredIn: (minutes: number) => `Answered in ${describeDuration(minutes)}`,
    withinPromise: 'within promise',
    late: 'late',
  },
  changed: {
    title: (from: QuoteStatus, to: QuoteStatus) => (from === 'lost' ? 'Reopened' : from === 'done' ? 'Marked not done yet' : `Marked ${statusActions[to].replace('Mark ', '')}`),
    description: (name: string, answeredIn: string | null) => (answeredIn === null ? name : `${name}, answered in ${answeredIn}`),
    conflict: (name: string, now: string) => ({
      title: 'Someone else changed this request',
      description: `The request from ${name} is now ${now}. The list has been reloaded.`,
    }),
    /** A step refused for what the request is, not its status: "This request has no reminder to stop". */
    refused: (why: string) => ({ title: 'Someone else changed this request', description: `${why}. The list has been reloaded.` }),
    notFound: (name: string) => ({ title: 'Request no longer there', description: `The request from ${name} has been deleted.` }),
    failed: { title: 'Could not change the status', description: 'Something went wrong and nothing was changed. Please try again in a moment.' },
  },
  /** What a move to Won or Lost asks first: the job's value, or why it was lost; both may be left empty. */
  outcome: {
    wonTitle: (name: string) => `Mark won: ${name}`,
    lostTitle: (name: string) => `Mark lost: ${name}`,
    wonValue: 'Job value (£, optional)',
    wonValueHint: 'What the customer agreed to pay, in pounds.',
    lostReason: 'Why was it lost? (optional)',
    noReason: 'Not said',
    cancel: 'Cancel',
    /** The card's line for a job's outcome. */
    wonLine: 'Job value',
    lostLine: 'Lost because',
  },
  history: {
    summary: (count: number) => `Timeline (${count})`,
    received: 'Received',
    by: (who: string) => `by ${who}`,
    actor: { customer: 'the customer', system: 'the system' },
  },
  /** Booking when staff will arrive at a job won. */
  arrival: {
    heading: 'Book arrival',
    bookedSummary: (when: string) => `Arrival: ${when}`,
    day: 'Day',
    window: 'Window',
    otherTimes: 'Other times',
    from: 'From',
    to: 'To',
    book: 'Book arrival',
    change: 'Change arrival',
  },
  notes: {
    heading: (count: number) => `Notes (${count})`,
    none: 'No notes yet.',
    label: 'Add a note',
    add: 'Add note',
    by: (who: string) => who,
    failed: 'The note could not be saved. Please try again.',
    notFound: 'This request has been deleted, so the note was not saved.',
  },
  email: {
    sent: 'Emailed to the business',
    /** Once, above the list, while the server has no mail server to send them with. */
    notSetUp: 'Emails to the business are waiting: email is not set up yet',
    notSetUpDoc: 'docs/deploy.md#7-email',
    waiting: 'Email to the business not sent yet',
    trouble: 'Email to the business failing',
    lastError: 'Last error:',
    resend: 'Resend email',
    resendLabel: (name: string) => `Resend email about ${name}`,
    queued: { title: 'Email queued', description: 'The email to the business will be sent again now.' },
    alreadySent: { title: 'Email already sent', description: 'The email to the business had already gone out.' },
    failed: { title: 'Could not resend the email', description: 'Something went wrong. Please try again in a moment.' },
  },
  exported: (count: number, fileName: string) => ({
    title: count === 1 ? 'Exported 1 request' : `Exported ${count.toLocaleString('en-GB')} requests`,
    description: `Saved as ${fileName}.`,
  }),
  exportFailed: { title: 'Could not export', description: 'The requests could not be read just now. Please try again in a moment.' },
  exportFileName: (day: string) => `quote-requests-${day}.csv`,
  /** The inbox with no connection: the banner on the page (the worker's own page is inboxWorkerCopy's). */
  offline: {
    banner: "You're offline. The inbox will catch up when the connection is back.",
  },

  take: {
    /** "Taken by Sam · 15:42" is describeTaking's, with the time after it. */
    at: (taking: string, time: string) => `${taking} · ${time}`,
    label: (action: string, name: string) => `${action}, ${name}`,
    taken: (name: string) => ({ title: "You're on it", description: `The request from ${name} is yours: its alerts have stopped.` }),
    alreadyTaken: (who: string, time: string) => ({ title: `${who} is on it`, description: `${who} took this request at ${time}.` }),
    notWaiting: (name: string, now: string) => ({
      title: 'Someone else changed this request',
      description: `The request from ${name} is now ${now}. The list has been reloaded.`,
    }),
    failed: { title: 'Could not take the request', description: 'Something went wrong and nothing was changed. Please try again in a moment.' },
  },
  /** "Called, no answer": a call to a waiting request that nobody picked up. */
  callAttempt: {
    button: 'Called, no answer',
    label: (name: string) => `Called, no answer, ${name}`,
    /** "Tried 2× · last 14:02", with the time after it. */
    tried: (count: number) => `Tried ${count.toLocaleString('en-GB')}× · last `,
    recorded: (name: string, nextTry: string) => ({ title: 'Call recorded', description: `Nobody answered ${name}. Try again by ${nextTry}.` }),
    notWaiting: (name: string) => ({
      title: 'Someone else changed this request',
      description: `The request from ${name} is no longer waiting for a call back. The list has been reloaded.`,
    }),
    failed: { title: 'Could not record the call', description: 'Something went wrong and nothing was recorded. Please try again in a moment.' },
    /** Over a limit on calls nobody answered: `why` names it and from when the next may be recorded. */
    tooMany: (why: string) => ({ title: 'Call not recorded', description: why }),
  },
  /** The Spam folder: what a card in it says, its one way out, and how a rescued request remembers it. */
  spam: {
    heading: 'Why this looks like spam',
    score: (score: number) => `Spam score ${score.toLocaleString('en-GB')}`,
    held: 'Nobody was alerted and no email was sent. Requests in Spam are deleted after 30 days.',
    notSpam: 'Not spam',
    notSpamLabel: (name: string) => `Not spam, ${name}`,
    cleared: (name: string) => ({ title: 'Moved to Waiting', description: `The request from ${name} is now waiting for a call back, as a new request.` }),
    alreadyCleared: (name: string) => ({ title: 'Already moved', description: `The request from ${name} is no longer in Spam. The list has been reloaded.` }),
    failed: { title: 'Could not move the request', description: 'Something went wrong and nothing was changed. Please try again in a moment.' },
    sent: 'Sent',
  },
  timeline: {
    label: 'Alerts',
    entry: (what: string, time: string) => `${what} ${time}`,
  },
  deepLink: {
    notListed: 'The request you opened is not in this list: someone may have taken it on or moved it, or it was deleted.',
    seeAll: 'See all requests',
    notFound: 'The request you opened is not in the list of all requests: it may have been deleted.',
  },
} as const;

/**
 * What the inbox's service worker says of its own: the page it shows with no connection and none
 * cached, and what alerts say beyond the alert. Apart from inboxCopy so that the page's scripts never
 * carry them.
 */
export const inboxWorkerCopy = {
  offline: {
    pageTitle: "You're offline",
    pageText: 'The inbox needs a connection to open. Check that Wi-Fi or mobile data is on, then try again.',
    retry: 'Try again',
  },
  /** What the inbox's alerts on a phone say beyond the alert itself (domain/alerts/alert-message.ts). */
  alertNotices: {
    /** A push message that could not be read: browsers show something for every push. */
    unreadable: 'New activity on the inbox',
    alreadyTaken: (name: string) => `Already taken by ${name}`,
    couldNotTake: 'Could not take it: open the inbox',
  },
} as const;
