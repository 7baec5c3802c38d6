// @vitest-environment node
import { expect, test } from 'vitest';
import { business } from '../../domain/business';
import { copy } from '../../domain/copy';
import { jsonLdScriptContent, localBusinessJsonLd } from './structured-data';

const siteUrl = new URL('https://www.se1plumbing.example');
const data = () => localBusinessJsonLd(siteUrl);

test('the business is described to search engines as a plumber, with its own id and address', () => {
  expect(data()).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Plumber',
    '@id': 'https://www.se1plumbing.example/#business',
    name: 'SE1 Plumbing & Heating',
    url: 'https://www.se1plumbing.example/',
    image: 'https://www.se1plumbing.example/share-image.png',
    logo: 'https://www.se1plumbing.example/icon-512.png',
    address: { '@type': 'PostalAddress', addressLocality: 'London', postalCode: 'SE1', addressCountry: 'GB' },
  });
});

test('the telephone number is the international (E.164) form of the one the site shows', () => {
  expect(data().telephone).toMatch(/^\+[1-9]\d{6,14}$/);
  expect(data().telephone).toBe(business.phone.tel);
});

test('the emergency line is open all day, every day', () => {
  const hours = data().openingHoursSpecification;
  const days = hours.flatMap((rule) => rule.dayOfWeek);

  expect(new Set(days)).toEqual(
    new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
  );
  for (const rule of hours) expect(rule).toMatchObject({ opens: '00:00', closes: '23:59' });
});

test('every area the business serves is listed', () => {
  const names = data().areaServed.map((place) => place.name);
  expect(names).toEqual([...business.areaServed]);
  expect(names).toContain('London Bridge');
});

test('the catalogue offers the six services the page shows, with their descriptions', () => {
  const catalog = data().hasOfferCatalog;
  const services = catalog.itemListElement.map((offer) => offer.itemOffered);

  expect(catalog).toMatchObject({ '@type': 'OfferCatalog', name: 'Plumbing and heating services' });
  expect(services).toHaveLength(6);
  expect(services.map(({ name, description }) => ({ name, description }))).toEqual(
    copy.services.cards.map(({ title, description }) => ({ name: title, description })),
  );
  for (const offer of catalog.itemListElement) expect(offer['@type']).toBe('Offer');
  for (const service of services) expect(service['@type']).toBe('Service');
});

test('script content cannot end the script early, and reads back as the same data', () => {
  const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- & -->' };
  const content = jsonLdScriptContent(hostile);

  expect(content).not.toContain('<');
  expect(content).not.toContain('>');
  expect(content).toContain('\\u003c/script\\u003e');
  expect(JSON.parse(content)).toEqual(hostile);
});

test('the business data survives the trip through script content unchanged', () => {
  expect(JSON.parse(jsonLdScriptContent(data()))).toEqual(data());
});
