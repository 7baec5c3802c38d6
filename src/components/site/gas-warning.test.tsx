import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { gasCopy } from '../../../domain/safety/gas-copy';
import { renderApp, storedQuotes, testBackend } from '../../test-app.test-support';
import { gasWarningId } from './gas-warning';

async function openForm(backend = testBackend()) {
  const app = renderApp({ backend });
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  const field = (name: string) => within(form).getByLabelText(name, { exact: false });
  const region = () => {
    const element = document.getElementById(gasWarningId);
    if (!element) throw new Error('The form has no gas warning region');
    return element;
  };
  return { ...app, form, field, region };
}

test('a description that reports a gas smell brings the warning as it is typed: the gas line first, as a tel: link, then the steps', async () => {
  const { user, field, region } = await openForm();
  expect(region().getAttribute('aria-live')).toBe('polite');
  expect(region().textContent).toBe('');

  await user.type(field('Describe the job'), 'i can smel gas in the kitchen');

  const call = await within(region()).findByRole('link', { name: gasCopy.call });
  expect(call.getAttribute('href')).toBe('tel:0800111999');
  expect(call.textContent).toBe('Smell gas? Call the National Gas Emergency Service now, free, 24 hours: 0800 111 999');
  const text = region().textContent;
  expect(text.startsWith(gasCopy.call)).toBe(true);
  const steps = within(region()).getAllByRole('listitem').map((item) => item.textContent);
  expect(steps).toEqual(gasCopy.steps['gas-smell'].steps.map((step) => step.text));
  expect(steps.join(' ')).toMatch(/light switches.*flame.*Open doors and windows.*meter, if it is safe.*Leave.*0800 111 999 from outside/);
  expect(text).toContain(gasCopy.stillSent);
});

test('once the warning shows, more typing leaves its live region alone, so a screen reader announces it once', async () => {
  const { user, field, region } = await openForm();
  await user.type(field('Describe the job'), 'smell of gas');
  await within(region()).findByRole('link', { name: gasCopy.call });

  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(region(), { childList: true, subtree: true, characterData: true, attributes: true });
  await user.type(field('Describe the job'), ' in the hallway near the meter since this morning');
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  expect(changes).toEqual([]);

  await user.clear(field('Describe the job'));
  await user.type(field('Describe the job'), 'no smell of gas just no heating');
  await waitFor(() => expect(region().textContent).toBe(''));
});

test('carbon monoxide gets its own steps, with 999 for anyone unwell, under the same gas line', async () => {
  const { user, field, region } = await openForm();
  await user.type(field('Describe the job'), 'co alarm going off in the hallway');

  expect((await within(region()).findByRole('link', { name: gasCopy.call })).getAttribute('href')).toBe('tel:0800111999');
  const ambulance = within(region()).getByRole('link', { name: /^Ring 999 if anyone feels unwell/ });
  expect(ambulance.getAttribute('href')).toBe('tel:999');
  expect(ambulance.textContent).toBe('Ring 999 if anyone feels unwell: a headache, dizziness, nausea, breathlessness or collapse.');
  expect(region().textContent).toContain(gasCopy.steps['carbon-monoxide'].heading);
  expect(region().textContent).toContain('Get into fresh air');
  expect(region().textContent).not.toContain('light switches');
});

test('ordinary gas work brings no warning', async () => {
  const { user, field, region } = await openForm();
  await user.type(field('Describe the job'), 'gas boiler service and a new gas hob');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(region().textContent).toBe('');
});

test('a request that reports a gas smell is still sent, made urgent, and the thanks lead with the advice again', async () => {
  const quotes = new InMemoryQuoteRepository();
  const { user, form, field, region } = await openForm(testBackend({ store: quotes }));
  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.selectOptions(field('Service type'), 'heating');
  await user.type(field('Describe the job'), 'strong smell of gas coming from the cooker');
  await within(region()).findByRole('link', { name: gasCopy.call });
  // The urgent box is left as it was: the rule makes the request urgent.
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const thanks = await screen.findByText('Quote Request Submitted!');
  const toast = thanks.closest('.toast');
  if (!(toast instanceof HTMLElement)) throw new Error('The thanks are not in a toast');
  expect(toast.closest('[role="status"]')).not.toBeNull();
  expect(within(toast).getByRole('link', { name: gasCopy.call }).getAttribute('href')).toBe('tel:0800111999');
  expect(toast.textContent.indexOf(gasCopy.call)).toBeLessThan(toast.textContent.indexOf('Quote Request Submitted!'));
  expect(await storedQuotes(quotes)).toMatchObject([{ description: 'strong smell of gas coming from the cooker', urgent: true }]);
  // The form is empty again, and so is its warning.
  expect(region().textContent).toBe('');
});
