import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../test-app.test-support';

test('the hero has the headline, both calls to action and the four highlight tiles', async () => {
  renderApp();

  const hero = (await screen.findByRole('heading', { level: 1 })).closest('section');
  if (!hero) throw new Error('the headline is not in a section');
  expect(within(hero).getByRole('heading', { level: 1 }).textContent).toBe('Professional Plumbing & Heating Services in SE1');
  expect(within(hero).getByRole('link', { name: 'Emergency Call' }).getAttribute('href')).toBe('tel:+442079460123');
  expect(within(hero).getByRole('link', { name: 'Get Free Quote' }).getAttribute('href')).toBe('/#quote-section');
  expect(within(hero).getAllByRole('heading', { level: 2 }).map((tile) => tile.textContent)).toEqual([
    '24/7 Emergency',
    'Fully Insured',
    'Expert Service',
    'Quick Response',
  ]);
  expect(within(hero).getByText('Licensed and certified professionals')).toBeTruthy();
  expect(within(hero).getByText('Years of experience in SE1')).toBeTruthy();
  expect(within(hero).getByText('Fast arrival times guaranteed')).toBeTruthy();
});

test('the services section shows six cards, each with its four features', async () => {
  renderApp();

  const section = (await screen.findByRole('heading', { name: 'Our Professional Services' })).closest('section');
  if (!section) throw new Error('the services title is not in a section');
  const cards = within(section).getAllByRole('heading', { level: 3 }).map((title) => {
    const card = title.closest('li');
    if (!card) throw new Error(`${title.textContent} is not in a card`);
    return [title.textContent, within(card).getAllByRole('listitem').map((item) => item.textContent)];
  });
  expect(cards).toEqual([
    ['Emergency Plumbing', ['Burst pipe repair', 'Leak detection', 'Emergency call-outs', 'Weekend service']],
    ['Heating Services', ['Boiler repair', 'Central heating', 'Radiator service', 'Annual service']],
    ['Bathroom Plumbing', ['Shower installation', 'Toilet repairs', 'Tap replacement', 'Bathroom fitting']],
    ['General Repairs', ['Pipe repairs', 'Drain cleaning', 'Tap repairs', 'Preventive maintenance']],
    ['Power Flushing', ['System cleaning', 'Efficiency boost', 'Radiator flushing', 'Heating optimization']],
    ['Maintenance', ['Annual checks', 'Preventive care', 'System optimization', 'Safety inspections']],
  ]);
});

test('the quote section has the form card, the emergency card with the service area, and Why Choose Us?', async () => {
  renderApp();

  const section = await screen.findByRole('region', { name: 'Request a Quote' });
  expect(section.id).toBe('quote-section');
  expect(within(section).getByRole('form', { name: 'Request a Quote' })).toBeTruthy();
  expect(within(section).getByLabelText('Describe the job', { exact: false }).getAttribute('rows')).toBe('4');
  expect(within(section).getByRole('textbox', { name: /Full name/ }).hasAttribute('required')).toBe(true);
  expect(within(section).getByRole('textbox', { name: /Phone number/ }).getAttribute('type')).toBe('tel');
  expect(within(section).getByRole('textbox', { name: /Email/ }).getAttribute('type')).toBe('email');
  const emergency = within(section).getByRole('region', { name: '24/7 Emergency Line' });
  expect(within(emergency).getByRole('link', { name: '020 7946 0123' })).toBeTruthy();
  expect(within(emergency).getByText(/SE1 and surrounding areas/)).toBeTruthy();
  const why = within(section).getByRole('region', { name: 'Why Choose Us?' });
  expect(within(why).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
});

test('the footer lists the services and the 2024 copyright', async () => {
  renderApp();

  const footer = await screen.findByRole('contentinfo');
  expect(within(footer).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Emergency plumbing',
    'Heating and boiler repairs',
    'Bathroom installations',
    'Drain cleaning',
    'Pipe repairs',
    'Power flushing',
    'Preventive maintenance',
  ]);
  expect(within(footer).getByText(/© 2024 SE1 Plumbing & Heating/)).toBeTruthy();
});
