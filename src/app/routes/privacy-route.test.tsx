import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { business } from '../../../domain/business';
import { defaultRetentionMonths } from '../../../domain/customer-data/retention';
import { renderApp } from '../../test-app.test-support';

async function privacyNotice() {
  const heading = await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' });
  const page = heading.closest('article');
  if (!page) throw new Error('the privacy notice is not an article');
  return within(page);
}

test('the privacy notice says who we are, what we keep and why, who sees it and for how long', async () => {
  renderApp({ path: '/privacy' });
  const page = await privacyNotice();
  const text = (await screen.findByRole('heading', { level: 1 })).closest('article')?.textContent ?? '';

  expect(page.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'Who we are',
    'What we keep',
    'Why we keep it',
    'Who sees it',
    'How long we keep it',
    'Cookies',
    'What we never do',
    'Your rights',
    'Asking for a copy of your details, or for us to delete them',
  ]);
  expect(text).toContain(business.name);
  for (const link of page.getAllByRole('link', { name: business.phone.display })) {
    expect(link.getAttribute('href')).toBe(`tel:${business.phone.tel}`);
  }
  for (const kept of ['your name and phone number', 'your email address, if you give one', 'the description of the job', 'the type of service', 'urgent', 'the date and time we received it']) {
    expect(text).toContain(kept);
  }
  expect(text).toContain('a step you requested before any contract');
  expect(text).toContain('legitimate interests');
  expect(text.replace(/\s+/g, ' ')).toContain('“Do we cover you?” check keeps nothing');
  expect(text).toContain('Only our own staff');
  expect(text).toContain('processors');
  expect(text).toContain(`deleted automatically ${defaultRetentionMonths} months (2 years) after we receive it`);
  expect(text).toContain('Our staff may delete it sooner');
});

test('it is honest about cookies, marketing, rights and how to have a request deleted', async () => {
  renderApp({ path: '/privacy' });
  const page = await privacyNotice();
  const text = page.getByRole('heading', { level: 1 }).closest('article')?.textContent ?? '';

  expect(text).toContain('Visitors get no cookies from us');
  expect(text).toContain('one cookie that keeps them signed in');
  expect(text).toContain('We never sell your details');
  for (const right of ['(access)', '(rectification)', '(erasure)', '(objection)']) expect(text).toContain(right);
  expect(page.getByRole('link', { name: 'ico.org.uk' }).getAttribute('href')).toBe('https://ico.org.uk/make-a-complaint/');
  const deletion = page.getByRole('heading', { name: 'Asking for a copy of your details, or for us to delete them' }).nextElementSibling;
  expect(deletion?.textContent).toContain(`Call us on ${business.phone.display}, or just say so when we call you back`);
  expect(deletion?.textContent).toContain('send you a copy, or delete all of it at once');
  expect(deletion?.textContent).toContain('Emails already sent sit in your mailbox and ours, outside our systems');
});

test('the page has its own title', async () => {
  renderApp({ path: '/privacy' });
  await privacyNotice();
  expect(document.querySelector('title')?.textContent).toBe(`Privacy Notice | ${business.name}`);
});

test('the footer links to the privacy notice from every page', async () => {
  const { user, router } = renderApp({ path: '/quotes' });
  const footer = await screen.findByRole('contentinfo');

  await user.click(within(footer).getByRole('link', { name: 'Privacy' }));

  await privacyNotice();
  expect(router.state.location.pathname).toBe('/privacy');
});

test('under the quote form a short line says what the details are for and links the notice', async () => {
  const { user, router } = renderApp();
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  const note = form.closest('.form-card')?.querySelector('.form-privacy-note');
  if (!(note instanceof HTMLElement)) throw new Error('there is no privacy line under the form');

  expect(note.textContent).toBe('We use your details only to reply to your request. Privacy notice');
  const link = within(note).getByRole('link', { name: 'Privacy notice' });
  expect(link.getAttribute('href')).toBe('/privacy');

  await user.click(link);
  await privacyNotice();
  expect(router.state.location.pathname).toBe('/privacy');
});
