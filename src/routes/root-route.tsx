import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { AppContext } from '../app-context';
import { ErrorScreen } from '../components/error-screen';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { Toaster } from '../components/toaster';
import { NotFoundPage } from './not-found-page';

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<AppContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});
