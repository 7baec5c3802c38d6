import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { AppContext } from '../app-context';
import { AppContextProvider } from '../app-context-provider';
import { ErrorScreen } from '../../components/shared/error-screen';
import { Footer } from '../../components/site/footer';
import { Header } from '../../components/site/header';
import { Island } from '../islands';
import { NotFoundPage } from './not-found-page';

function RootLayout() {
  const context = rootRoute.useRouteContext();
  return (
    <AppContextProvider value={context}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Island name="toaster" />
    </AppContextProvider>
  );
}

export const rootRoute = createRootRouteWithContext<AppContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});
