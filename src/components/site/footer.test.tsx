import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../test-app.test-support';

test('the footer keeps its services and copyright, and says who the company is, how to write and when we open', async () => {
  renderApp();
  const footer = await screen.findByRole('contentinfo');
  const text = footer.textContent;

  const services = within(footer).getByRole('region', { name: 'Services' });
  expect(within(services).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Emergency plumbing',
    'Heating and boiler repairs',
    'Bathroom installations',
    'Drain cleaning',
    'Pipe repairs',
    'Power flushing',
    'Preventive maintenance',
  ]);
  expect(text).toContain('© 2024 SE1 Plumbing & Heating. All rights reserved.');

  expect(text).toContain(
    'SE1 Plumbing & Heating is a trading name of SE1 Plumbing & Heating Ltd, registered in England and Wales, company number 09876543. Registered office: Unit 4, 12 Example Yard, London SE1 7ZZ.',
  );
  expect(within(footer).getByRole('link', { name: 'hello@se1plumbing.example' }).getAttribute('href')).toBe('mailto:hello@se1plumbing.example');

  const hours = within(within(footer).getByRole('region', { name: 'Opening hours' }));
  const rows = hours.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
  expect(rows).toEqual(['Monday to Friday: 08:00–18:00', 'Saturday: 09:00–14:00', 'Sunday: Closed', 'Emergency line: 24/7, every day']);
  expect(hours.getByText(/£60 emergency call-out out of hours, taken off the job/)).toBeTruthy();
});
