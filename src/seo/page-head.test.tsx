import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { business } from '../../domain/business';
import { homeHead, PageHead } from './page-head';

const siteUrl = new URL('https://www.se1plumbing.example');

const metaContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

test('the page head goes into <head>: title, description, canonical address and link previews', () => {
  render(<PageHead title={homeHead.title} description={homeHead.description} path="/" siteUrl={siteUrl} />);

  expect(document.title).toBe(homeHead.title);
  expect(metaContent('meta[name="description"]')).toBe(homeHead.description);
  expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
    'https://www.se1plumbing.example/',
  );
  expect(metaContent('meta[property="og:type"]')).toBe('website');
  expect(metaContent('meta[property="og:site_name"]')).toBe(business.name);
  expect(metaContent('meta[property="og:title"]')).toBe(homeHead.title);
  expect(metaContent('meta[property="og:description"]')).toBe(homeHead.description);
  expect(metaContent('meta[property="og:url"]')).toBe('https://www.se1plumbing.example/');
  expect(metaContent('meta[property="og:image"]')).toBe('https://www.se1plumbing.example/share-image.png');
  expect(metaContent('meta[property="og:image:width"]')).toBe('1200');
  expect(metaContent('meta[property="og:image:height"]')).toBe('630');
  expect(metaContent('meta[property="og:image:alt"]')).toContain(business.name);
  expect(metaContent('meta[property="og:locale"]')).toBe('en_GB');
  expect(metaContent('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(metaContent('meta[name="twitter:title"]')).toBe(homeHead.title);
  expect(metaContent('meta[name="twitter:description"]')).toBe(homeHead.description);
  expect(metaContent('meta[name="twitter:image"]')).toBe('https://www.se1plumbing.example/share-image.png');
  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
});

test('a page kept out of search results says so, and its canonical address is its own', () => {
  render(<PageHead title="Quote Requests" description="Staff only." path="/quotes" siteUrl={siteUrl} noindex />);

  expect(metaContent('meta[name="robots"]')).toBe('noindex');
  expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
    'https://www.se1plumbing.example/quotes',
  );
});

test("every page links the site's web app manifest, unless it is an app of its own", () => {
  const { unmount } = render(<PageHead title="Home" description="Plumbers." path="/" siteUrl={siteUrl} />);
  expect(Array.from(document.head.querySelectorAll('link[rel="manifest"]'), (link) => link.getAttribute('href'))).toEqual(['/manifest.webmanifest']);
  unmount();

  render(<PageHead title="Quote Requests" description="Staff only." path="/quotes" siteUrl={siteUrl} noindex manifest="/quotes.webmanifest" />);
  expect(Array.from(document.head.querySelectorAll('link[rel="manifest"]'), (link) => link.getAttribute('href'))).toEqual(['/quotes.webmanifest']);
});

test('a page with no address of its own, such as "page not found", names no canonical address', () => {
  render(<PageHead title="Page not found" description="Oops! Page not found" siteUrl={siteUrl} noindex />);

  expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
  expect(metaContent('meta[name="robots"]')).toBe('noindex');
});

test('rendered on the server, the head elements come before the page content', () => {
  const html = renderToString(
    <main>
      <PageHead title="Privacy Notice" description="How we use your details." path="/privacy" siteUrl={siteUrl} />
      <h1>Privacy Notice</h1>
    </main>,
  );

  expect(html.indexOf('<title>Privacy Notice</title>')).toBe(0);
  expect(html).toContain('<link rel="canonical" href="https://www.se1plumbing.example/privacy"/>');
  expect(html.indexOf('<meta property="og:url"')).toBeLessThan(html.indexOf('<main>'));
});

test('the home title is short enough to show whole in search results and names what people search for', () => {
  expect(homeHead.title.length).toBeLessThanOrEqual(65);
  expect(homeHead.title).toContain('Plumber');
  expect(homeHead.title).toContain('SE1');
  expect(homeHead.title).toContain('London Bridge');
});

test('the home description fits a search result and gives the area, the hours, free quotes and the number', () => {
  expect(homeHead.description.length).toBeGreaterThanOrEqual(120);
  expect(homeHead.description.length).toBeLessThanOrEqual(160);
  expect(homeHead.description).toContain('emergency plumber in London Bridge');
  expect(homeHead.description).toContain('SE1');
  expect(homeHead.description).toContain('24/7');
  expect(homeHead.description).toContain('Free quotes');
  expect(homeHead.description).toContain(business.phone.display);
});
