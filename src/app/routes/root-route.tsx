import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import type { AppContext } from '../app-context';
import { AppContextProvider } from '../app-context-provider';
import { ErrorScreen } from '../../components/shared/error-screen';
import { Footer } from '../../components/site/footer';
import { Header } from '../../components/site/header';
import { StaffHeader } from '../../components/staff/staff-header';
import { Island } from '../islands';
import { NotFoundPage } from './not-found-page';

function RootLayout() {
  const context = rootRoute.useRouteContext();
  const staffPage = useMatches({ select: (matches) => matches.some((match) => match.staticData.staffPage === true) });
  const toastsInPage = useMatches({ select: (matches) => matches.some((match) => match.staticData.toastsInPage === true) });
  return (
    <AppContextProvider value={context}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {staffPage ? <StaffHeader /> : <Header />}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {!toastsInPage && <Island name="toaster" />}
    </AppContextProvider>
  );
}

export const rootRoute = createRootRouteWithContext<AppContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});
