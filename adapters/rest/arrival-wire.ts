import { honeypotFieldName } from '../../domain/quote/quote';
import { repeatFieldName } from '../../domain/reminders/service-words';
import { type Arrival, formTokenFieldName } from '../../domain/spam/spam';

/**
 * What the browser's clients send beside the fields of a request, as the form's plain post does: the
 * hidden field only bots fill (`website`), the token the page was issued with (`form_token`), and for a
 * visit booked through a reminder, the customer's token of the request it repeats (`repeat_of`). The
 * server judges them; the browser never does, as its word on any is not evidence.
 */

/**
 * What the honeypot says when it was filled: the form read that it held something, and the server
 * needs to hear only that much, not what a bot typed.
 */
const filledHoneypot = 'filled';

/** The arrival as named form fields; none at all for a request sent without one. */
export function arrivalFields(arrival: Arrival | undefined): Record<string, string> {
  if (arrival === undefined) return {};
  return {
    [honeypotFieldName]: arrival.honeypotFilled ? filledHoneypot : '',
    ...(arrival.formToken === null ? {} : { [formTokenFieldName]: arrival.formToken }),
    ...(arrival.repeatOf === undefined ? {} : { [repeatFieldName]: arrival.repeatOf }),
  };
}
