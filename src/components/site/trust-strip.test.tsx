import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../test-app.test-support';

test('right under the hero, the Gas Safe number links to the register’s public check, beside the guarantee', async () => {
  renderApp();
  const strip = await screen.findByRole('region', { name: 'Registration and guarantee' });

  expect(strip.previousElementSibling?.classList.contains('hero')).toBe(true);
  expect(strip.textContent).toContain('Gas Safe registered · No. 612345');
  const check = within(strip).getByRole('link', { name: 'check it on the Gas Safe Register' });
  expect(check.getAttribute('href')).toBe('https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/');
  // Opens in the same tab, so it needs no rel to keep the register from reaching back.
  expect(check.hasAttribute('target')).toBe(false);
  expect(strip.textContent).toContain('12-month guarantee on parts and labour');
  expect(strip.textContent).toContain('No call-out charge in SE1 during opening hours');
  // A text badge: no logo borrowed from the register.
  expect(strip.querySelector('img')).toBeNull();
});
