import { backend } from '#backend';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { pageStateElementId, parsePageState } from '../../adapters/http-api/page-state';
import { flagFields, quoteFields, textFields } from '../../domain/quote/quote';
import { AppContextProvider } from './app-context-provider';
import { isIslandName, islands } from './islands';
import { createSiteContext, portsOnFirstUse } from './site-context';
import type { QuoteFormStore } from './stores/quote-form-store';

/**
 * A visitor may start typing before the scripts arrive. React keeps what is in the fields as it
 * hydrates them, so the form's store must hold it too, or the request would be sent without it.
 */
function adoptTypedValues(form: QuoteFormStore): void {
  const element = document.querySelector<HTMLFormElement>('form.quote-form');
  if (!element) return;
  const { draft, setField } = form.getState();
  for (const field of textFields) {
    const control = element.elements.namedItem(quoteFields[field].name);
    const typed = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control.value : undefined;
    if (typed !== undefined && typed !== draft[field]) setField(field, typed);
  }
  for (const field of flagFields) {
    const box = element.elements.namedItem(quoteFields[field].name);
    if (box instanceof HTMLInputElement && box.checked !== draft[field]) setField(field, box.checked);
  }
}

/** Hydrates the page's islands (the quote form, the postcode check and the toasts), and nothing else, over one set of stores. */
export function hydrateIslands(): void {
  const context = createSiteContext(backend, portsOnFirstUse(backend), parsePageState(document.getElementById(pageStateElementId)?.textContent));
  adoptTypedValues(context.quoteForm);
  // The scripts load on the visitor's first move, often into the form, which was not yet listening
  // for it: start on the code that sends it now, as the form does when a visitor starts on it.
  if (document.activeElement?.closest('form.quote-form')) context.preloadBackend();
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    if (!isIslandName(name)) continue;
    const Part = islands[name];
    hydrateRoot(
      element,
      <StrictMode>
        <AppContextProvider value={context}>
          <Part />
        </AppContextProvider>
      </StrictMode>,
    );
  }
}
