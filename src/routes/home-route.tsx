import { createRoute } from '@tanstack/react-router';
import { business } from '../../domain/business';
import { Hero } from '../components/hero';
import { QuoteSection } from '../components/quote-section';
import { Services } from '../components/services';
import { rootRoute } from './root-route';

function HomePage() {
  return (
    <>
      <title>{`Plumber & Heating Engineer in SE1, London | ${business.name}`}</title>
      <Hero />
      <Services />
      <QuoteSection />
    </>
  );
}

export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
