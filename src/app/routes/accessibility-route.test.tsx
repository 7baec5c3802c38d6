import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { business } from '../../../domain/business';
import { renderApp } from '../../test-app.test-support';

async function statement() {
  const heading = await screen.findByRole('heading', { level: 1, name: 'Accessibility Statement' });
  const page = heading.closest('article');
  if (!page) throw new Error('the accessibility statement is not an article');
  return page;
}

test('the statement follows the GOV.UK sample: scope, status, known issues, how to report, testing and its date', async () => {
  renderApp({ path: '/accessibility' });
  const page = await statement();
  const text = page.textContent;

  expect(within(page).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'How accessible this website is',
    'Reporting accessibility problems with this website',
    'Technical information about this website’s accessibility',
    'How we test this website',
    'Preparation of this accessibility statement',
  ]);
  expect(within(page).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Compliance status', 'Known issues']);
  expect(text).toContain('This statement applies to the SE1 Plumbing & Heating website');
  expect(text).toContain('As far as we know, this website is fully compliant with the Web Content Accessibility Guidelines version 2.2 AA standard.');
  expect(text).toContain('with axe, an automated checker, against WCAG 2.2 A and AA');
  expect(text).toContain('with the keyboard alone');
  expect(text).toContain('at least 44 pixels tall');
  expect(text).toContain('use your browser’s own date and time pickers');
  expect(text).toContain('We will reply within 5 working days.');
  expect(text).toContain('This statement was prepared on 26 November 2026.');
  expect(within(page).getAllByRole('link', { name: business.email })[0]?.getAttribute('href')).toBe(`mailto:${business.email}`);
  for (const link of within(page).getAllByRole('link', { name: business.phone.display })) {
    expect(link.getAttribute('href')).toBe(`tel:${business.phone.tel}`);
  }
});

test('the page has its own title', async () => {
  renderApp({ path: '/accessibility' });
  await statement();
  expect(document.querySelector('title')?.textContent).toBe(`Accessibility Statement | ${business.name}`);
});

test('the footer links to the statement from every page', async () => {
  const { user, router } = renderApp({ path: '/quotes' });
  const footer = await screen.findByRole('contentinfo');

  await user.click(within(footer).getByRole('link', { name: 'Accessibility' }));

  await statement();
  expect(router.state.location.pathname).toBe('/accessibility');
});
