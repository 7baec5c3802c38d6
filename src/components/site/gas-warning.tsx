import { useStore } from 'zustand';
import { gasCopy } from '../../../domain/safety/gas-copy';
import type { QuoteFormStore } from '../../app/stores/quote-form-store';
import { GasAdvice } from '../shared/gas-advice';

/** The id of the form's gas warning. */
export const gasWarningId = 'quote-gas-warning';

/**
 * The warning under the description once it reports a gas smell or carbon monoxide. The live region
 * is always in the page and changes only when the verdict does, so a screen reader speaks the
 * warning once, not at every key. Without scripts the server draws it as the form comes back.
 */
export function GasWarning({ form }: { form: QuoteFormStore }) {
  const gas = useStore(form, (state) => state.gas);
  return (
    // A polite live region read whole (not role="status": the toasts above the form are the page's status).
    <div id={gasWarningId} aria-live="polite" aria-atomic="true" className="gas-warning-region">
      {gas && (
        <div className="gas-warning">
          <GasAdvice report={gas} />
          <p className="gas-still-sent">{gasCopy.stillSent}</p>
        </div>
      )}
    </div>
  );
}
