import { createRoute } from '@tanstack/react-router';
import { Hero } from '../../components/site/hero';
import { QuoteSection } from '../../components/site/quote-section';
import { Reviews } from '../../components/site/reviews';
import { Services } from '../../components/site/services';
import { CoverCheckSection, WhereWeWork } from '../../components/site/where-we-work';
import { TrustStrip } from '../../components/site/trust-strip';
import { homeHead, PageHead } from '../../seo/page-head';
import { jsonLdScriptContent, localBusinessJsonLd } from '../../seo/structured-data';
import { siteUrl } from '../site-url';
import { rootRoute } from './root-route';

const structuredData = jsonLdScriptContent(localBusinessJsonLd(siteUrl));

function HomePage() {
  return (
    <>
      <PageHead {...homeHead} path="/" siteUrl={siteUrl} />
      {/* Who we are, where and when, for search engines' local results. Data, never run. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
      <Hero />
      <TrustStrip />
      <CoverCheckSection />
      <Reviews />
      <WhereWeWork />
      <Services />
      <QuoteSection />
    </>
  );
}

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The toasts answer the form, so they sit in it: over the page they would cover the form or the phone number.
  staticData: { toastsInPage: true },
  component: HomePage,
});
