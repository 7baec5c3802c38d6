import { business } from '../../domain/business';
import { copy } from '../../domain/copy';
import { absoluteUrl, icons, shareImage } from './site-assets';

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * Who we are, where we work, when we answer and what we do, as schema.org data for search engines
 * (https://schema.org/Plumber, a kind of LocalBusiness). The home page carries it.
 */
export function localBusinessJsonLd(siteUrl: URL) {
  const id = absoluteUrl(siteUrl, '/#business');
  return {
    '@context': 'https://schema.org',
    '@type': 'Plumber',
    '@id': id,
    name: business.name,
    description: business.summary,
    url: absoluteUrl(siteUrl, '/'),
    telephone: business.phone.tel,
    image: absoluteUrl(siteUrl, shareImage.path),
    logo: absoluteUrl(siteUrl, icons.large.path),
    priceRange: business.priceRange,
    address: {
      '@type': 'PostalAddress',
      addressLocality: business.locality,
      postalCode: business.postcodeArea,
      addressCountry: business.country,
    },
    areaServed: business.areaServed.map((name) => ({
      '@type': 'Place',
      name,
      containedInPlace: { '@type': 'City', name: business.locality },
    })),
    // The emergency line never closes: one rule for every day, midnight to midnight.
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [...everyDay], opens: '00:00', closes: '23:59' },
    ],
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Plumbing and heating services',
      itemListElement: copy.services.cards.map((card) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: card.title,
          description: card.description,
          provider: { '@id': id },
        },
      })),
    },
  };
}

/**
 * JSON for the inside of a <script type="application/ld+json">. Text in the data could otherwise end
 * the script early ("</script>") or open an HTML comment, so `<`, `>` and `&` are written as JSON
 * escapes, which read back as the same characters.
 */
export function jsonLdScriptContent(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}
