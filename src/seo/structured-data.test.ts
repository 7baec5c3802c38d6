// @vitest-environment node
import * as v from 'valibot';
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
    legalName: 'SE1 Plumbing & Heating Ltd',
    email: 'hello@se1plumbing.example',
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.company.registeredAddress.streetAddress,
      addressLocality: 'London',
      postalCode: business.company.registeredAddress.postcode,
      addressCountry: 'GB',
    },
  });
  expect(data().address.postalCode).toMatch(/^SE1 \d[A-Z]{2}$/);
});

/** The data as a crawler reads it: out of the script's content, parsed. */
const parsed = () => v.parse(plumber, JSON.parse(jsonLdScriptContent(data())));

const hours = v.object({ '@type': v.literal('OpeningHoursSpecification'), dayOfWeek: v.array(v.string()), opens: v.string(), closes: v.string() });
const plumber = v.object({
  email: v.string(),
  hasCredential: v.object({
    '@type': v.literal('EducationalOccupationalCredential'),
    name: v.string(),
    credentialCategory: v.string(),
    identifier: v.string(),
    url: v.string(),
    recognizedBy: v.object({ '@type': v.literal('Organization'), name: v.string(), url: v.string() }),
  }),
  openingHoursSpecification: v.array(hours),
  contactPoint: v.object({ '@type': v.literal('ContactPoint'), contactType: v.string(), telephone: v.string(), hoursAvailable: v.array(hours) }),
});

test('the Gas Safe registration is a credential with its number, checkable on the register', () => {
  const { hasCredential } = parsed();
  expect(hasCredential).toEqual({
    '@type': 'EducationalOccupationalCredential',
    name: 'Gas Safe registration',
    credentialCategory: 'registration',
    identifier: '612345',
    url: 'https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/',
    recognizedBy: { '@type': 'Organization', name: 'Gas Safe Register', url: 'https://www.gassaferegister.co.uk/' },
  });
  expect(hasCredential.identifier).toMatch(/^\d{6}$/);
});

test('the email is the one the footer gives', () => {
  expect(parsed().email).toBe(business.email);
});

test('the telephone number is the international (E.164) form of the one the site shows', () => {
  expect(data().telephone).toMatch(/^\+[1-9]\d{6,14}$/);
  expect(data().telephone).toBe(business.phone.tel);
});

test('the office hours are given day by day: weekdays 08:00–18:00, Saturday 09:00–14:00, Sunday closed', () => {
  expect(parsed().openingHoursSpecification).toEqual([
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
  ]);
});

test('the emergency line is open all day, every day', () => {
  const { contactPoint } = parsed();
  const days = contactPoint.hoursAvailable.flatMap((rule) => rule.dayOfWeek);

  expect(contactPoint).toMatchObject({ contactType: 'emergency', telephone: business.phone.tel });
  expect(new Set(days)).toEqual(
    new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
  );
  for (const rule of contactPoint.hoursAvailable) expect(rule).toMatchObject({ opens: '00:00', closes: '23:59' });
});

test('no review or rating markup: the reviews on the page are for people, not for stars in search results', () => {
  const json = jsonLdScriptContent(data());
  expect(json).not.toMatch(/aggregateRating|"Review"|"review"/);
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
