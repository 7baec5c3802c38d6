import { copy } from '../copy';

/** The quote form's button says what will happen: an emergency call-out or a free quote. */
export function submitLabel(urgent: boolean): string {
  return urgent ? copy.submit.urgent : copy.submit.standard;
}
