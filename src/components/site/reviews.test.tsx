import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { business } from '../../../domain/business';
import { reviews } from '../../../domain/testimonials';
import { renderApp } from '../../test-app.test-support';

async function reviewsSection() {
  const section = (await screen.findByRole('heading', { name: 'What Our Customers Say' })).closest('section');
  if (!section) throw new Error('the reviews title is not in a section');
  return section;
}

test('each review shows the first name, area, date, job and text, and where it was published', async () => {
  renderApp();
  const section = await reviewsSection();
  const cards = within(section).getAllByRole('listitem');

  expect(cards).toHaveLength(reviews.length);
  const [first] = cards;
  if (!first) throw new Error('no reviews');
  expect(first.textContent).toContain('Priya, Bermondsey');
  expect(first.textContent).toContain('Boiler repair');
  expect(first.textContent).toContain('Boiler stopped on a cold Sunday morning.');
  expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-10-21');
  expect(first.querySelector('time')?.textContent).toBe('21 October 2026');
  expect(within(first).getByRole('link', { name: 'Google' }).getAttribute('href')).toBe(business.reviewProfiles.google.url);
});

test('every source links to our public profile there', async () => {
  renderApp();
  const section = await reviewsSection();

  for (const [index, card] of within(section).getAllByRole('listitem').entries()) {
    const review = reviews[index];
    if (!review) throw new Error(`no review ${String(index)}`);
    const profile = business.reviewProfiles[review.source];
    expect(within(card).getByRole('link', { name: profile.name }).getAttribute('href')).toBe(profile.url);
  }
  expect(new Set(reviews.map((review) => review.source))).toEqual(new Set(['google', 'checkatrade']));
  expect(within(section).getAllByRole('link', { name: 'Checkatrade' })[0]?.getAttribute('href')).toBe('https://www.checkatrade.com/trades/se1plumbingheatingexample');
});
