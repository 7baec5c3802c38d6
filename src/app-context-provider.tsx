import { createContext, type ReactNode, useContext } from 'react';
import type { AppContext } from './app-context';

const appContext = createContext<AppContext | null>(null);

/**
 * Hands the stores to every component beneath. The router's root passes its own context on; the
 * home page's islands, hydrated without the router, are each given the same one.
 */
export function AppContextProvider({ value, children }: { value: AppContext; children: ReactNode }) {
  return <appContext.Provider value={value}>{children}</appContext.Provider>;
}

/** The part of the application's context a component needs. */
export function useAppContext<T>(select: (context: AppContext) => T): T {
  const context = useContext(appContext);
  if (!context) throw new Error('useAppContext is used outside AppContextProvider');
  return select(context);
}
