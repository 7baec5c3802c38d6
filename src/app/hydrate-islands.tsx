import { backend } from '#backend';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { pageStateElementId, parsePageState } from '../../adapters/http-api/page-state';
import { quoteFieldNames } from '../../domain/quote';
import { AppContextProvider } from './app-context-provider';
import { isIslandName, islands } from './islands';
import { createSiteContext, portsOnFirstUse } from './site-context';
import type { QuoteFormStore } from './stores/quote-form-store';

const textFields = ['name', 'phone', 'email', 'serviceType', 'description'] as const;

/**
 * A visitor may start typing before the scripts arrive. React keeps what is in the fields as it
 * hydrates them, so the form's store must hold it too, or the request would be sent without it.
 */
function adoptTypedValues(form: QuoteFormStore): void {
  const element = document.querySelector<HTMLFormElement>('form.quote-form');
  if (!element) return;
  const { draft, setField, setUrgent } = form.getState();
  for (const field of textFields) {
    const control = element.elements.namedItem(quoteFieldNames[field]);
    const typed = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control.value : undefined;
    if (typed !== undefined && typed !== draft[field]) setField(field, typed);
  }
  const urgent = element.elements.namedItem(quoteFieldNames.urgent);
  if (urgent instanceof HTMLInputElement && urgent.checked !== draft.urgent) setUrgent(urgent.checked);
}

/** Hydrates the page's islands (the quote form and the toasts), and nothing else, over one set of stores. */
export function hydrateIslands(): void {
  const context = createSiteContext(backend, portsOnFirstUse(backend), parsePageState(document.getElementById(pageStateElementId)?.textContent));
  adoptTypedValues(context.quoteForm);
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
