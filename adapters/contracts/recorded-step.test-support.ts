import type { Activity, StaffStep } from '../../domain/activity/activity';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';

/** Records a staff member's step, answering the request as it is then and the entry written; a step refused or not found throws. */
export async function recorded(
  inbox: Pick<QuoteInbox, 'record'>,
  request: { id: string; step: StaffStep; by: string; at: Date },
): Promise<{ quote: InboxQuote; entry: Activity }> {
  const result = await inbox.record(request);
  if (result.outcome !== 'recorded') throw new Error(`Recording ${request.step.kind} on ${request.id} gave ${JSON.stringify(result)}`);
  return result;
}
