import { business, weekdays } from '../../domain/business';
import { copy } from '../../domain/copy';
import { absoluteUrl, icons, shareImage } from './site-assets';

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
    legalName: business.company.registeredName,
    telephone: business.phone.tel,
    email: business.email,
    image: absoluteUrl(siteUrl, shareImage.path),
    logo: absoluteUrl(siteUrl, icons.large.path),
    priceRange: business.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.company.registeredAddress.streetAddress,
      addressLocality: business.company.registeredAddress.locality,
      postalCode: business.company.registeredAddress.postcode,
      addressCountry: business.country,
    },
    // Anyone can look the number up on the register's public check, which the credential links to.
    hasCredential: {
      '@type': 'EducationalOccupationalCredential',
      name: 'Gas Safe registration',
      credentialCategory: 'registration',
      identifier: business.gasSafe.registrationNumber,
      url: business.gasSafe.checkUrl,
      recognizedBy: { '@type': 'Organization', name: 'Gas Safe Register', url: business.gasSafe.registerUrl },
    },
    areaServed: business.areaServed.map((name) => ({
      '@type': 'Place',
      name,
      containedInPlace: { '@type': 'City', name: business.locality },
    })),
    // The office's hours; days not listed are closed.
    openingHoursSpecification: business.openingHours.map(({ days, opens, closes }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...days],
      opens,
      closes,
    })),
    // The emergency line never closes: one rule for every day, midnight to midnight.
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'emergency',
      telephone: business.phone.tel,
      areaServed: business.postcodeArea,
      hoursAvailable: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: [...weekdays], opens: '00:00', closes: '23:59' }],
    },
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
