import { createContext, type ReactNode, useContext } from 'react';
import type { AppContext } from './app-context';
import type { SiteContext } from './site-context';

const context = createContext<SiteContext | AppContext | null>(null);

/**
 * Hands the stores to every component beneath. The router's root passes the whole application's
 * on; the home page's islands, hydrated without the router, are each given the site's alone.
 */
export function AppContextProvider({ value, children }: { value: SiteContext | AppContext; children: ReactNode }) {
  return <context.Provider value={value}>{children}</context.Provider>;
}

function useProvided(): SiteContext | AppContext {
  const provided = useContext(context);
  if (!provided) throw new Error('A component that needs the stores is used outside AppContextProvider');
  return provided;
}

const isAppContext = (provided: SiteContext | AppContext): provided is AppContext => 'inbox' in provided;

/** The part of the site's context a component needs: what the home page's islands have too. */
export function useSiteContext<T>(select: (provided: SiteContext) => T): T {
  return select(useProvided());
}

/** The part of the whole application's context a component needs: staff components, under the router. */
export function useAppContext<T>(select: (provided: AppContext) => T): T {
  const provided = useProvided();
  if (!isAppContext(provided)) throw new Error('A staff component is used where only the site’s stores are provided');
  return select(provided);
}
