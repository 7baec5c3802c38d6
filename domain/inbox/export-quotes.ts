import { toCsv } from './csv';
import type { InboxCursor, InboxQuery } from './inbox-query';
import { inboxPageMax } from './inbox-query';
import type { InboxQuote } from './inbox-quote';
import { formatLondonIso } from '../london-time';
import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import { describeField, displayValue, quoteFieldList, remarkOn } from '../quote/quote';
import { quoteStatusLabels } from './quote-status';
import { leadChannel } from '../quote/lead-channel';
import { currentOutcome, lostReasonLabels } from './job-outcome';
import { firstResponseAt, responseTime } from './response-clock';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

/** The columns of an export, in order: when it came, each field of the request, the channel it came through, then how staff worked it (with a won job's value and why a lost one was lost). Times are London times. */
export const exportColumns = [
  'Received',
  ...quoteFieldList.flatMap((field) => {
    const { label, remark } = describeField(field);
    return remark ? [label, remark.heading] : [label];
  }),
  'Channel',
  'Status',
  'Won value (£)',
  'Lost reason',
  'Responded',
  'Response minutes',
  'Within promise',
  'Notes',
  'Photos',
  'Id',
] as const;

/** One request as a row of {@link exportColumns}. */
export function exportRow(quote: InboxQuote): string[] {
  // Responded: the first call back, picked up or not (a call nobody answered keeps the promise too).
  const responded = firstResponseAt(quote);
  const response = responded === null ? null : responseTime(quote, responded);
  const outcome = currentOutcome(quote);
  return [
    formatLondonIso(quote.createdAt),
    ...quoteFieldList.flatMap((field) => {
      return describeField(field).remark ? [displayValue(field, quote), remarkOn(field, quote)?.staff ?? ''] : [displayValue(field, quote)];
    }),
    leadChannel(quote),
    quoteStatusLabels[quote.status],
    // A plain number a spreadsheet can add up: 1250.5 for £1,250.50.
    outcome.wonPence === undefined ? '' : String(outcome.wonPence / 100),
    outcome.lostReason === undefined ? '' : lostReasonLabels[outcome.lostReason],
    responded === null ? '' : formatLondonIso(responded),
    response === null ? '' : String(response.minutes),
    response === null ? '' : response.withinPromise ? 'Yes' : 'No',
    // Oldest first, as a record reads; each with who wrote it and when.
    [...quote.notes].reverse().map((note) => `${formatLondonIso(note.at)} ${note.by}: ${note.text}`).join('\n'),
    // How many were sent: the photos themselves are seen on the request's card.
    String(quote.photos.length),
    quote.id,
  ];
}

export interface ExportQuotesDeps {
  inbox: Pick<QuoteInbox, 'findPage'>;
  logger: Logger;
}

export type ExportQuotesResult = { ok: true; csv: string; count: number } | { ok: false; error: StaffFailure };

/** Every request matching the query, in the view's order, as a CSV document (see toCsv). */
export async function exportQuotes(deps: ExportQuotesDeps, query: InboxQuery, now: Date): Promise<ExportQuotesResult> {
  const rows: string[][] = [[...exportColumns]];
  let after: InboxCursor | null = null;
  try {
    do {
      const page = await deps.inbox.findPage({ query, after, now, limit: inboxPageMax });
      rows.push(...page.quotes.map(exportRow));
      after = page.next;
    } while (after !== null);
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Exporting quote requests') };
  }
  return { ok: true, csv: toCsv(rows), count: rows.length - 1 };
}
