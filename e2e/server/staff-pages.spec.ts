import type { Page } from '@playwright/test';
import { reminderCopy } from '../../domain/reminders/reminder-copy';
import { e2eStaff, expect, test } from '../fixtures';

// Every staff page opened by its address (a bookmark, a shared link, a reload), with scripts and
// without, signed out and signed in: at first paint, with no tap or key press, it shows what it is for.
// Signed out that is the sign-in form, which signs in as a plain post when scripts are off.

const pages = [
  { address: '/quotes?view=all', heading: /^Quote Requests \(\d+\)$/, content: (page: Page) => page.getByRole('search', { name: 'Filter quote requests' }) },
  { address: '/quotes/report?period=last-month', heading: /^Report$/, content: (page: Page) => page.getByRole('table', { name: 'By channel' }) },
  { address: '/quotes/settings', heading: /^Settings$/, content: (page: Page) => page.getByRole('heading', { name: 'Export', level: 2 }) },
  { address: '/quotes/service-due', heading: /^Due for service \(\d+\)$/, content: (page: Page) => page.getByText(reminderCopy.dueList.lead) },
];

for (const scripts of [false, true]) {
  test.describe(scripts ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: scripts });

    test('each staff page, opened by its address, shows the sign-in form, then itself once signed in, before any interaction', async ({ page }) => {
      for (const { address, heading, content } of pages) {
        await page.context().clearCookies();
        await page.goto(address);
        const form = page.getByRole('form', { name: 'Staff sign-in' });
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in');
        await expect(form.getByLabel('Email')).toBeVisible();

        await form.getByLabel('Email').fill(e2eStaff.email);
        await form.getByLabel('Password').fill('not the password');
        await form.getByRole('button', { name: 'Sign in' }).click();
        await expect(form.getByRole('alert')).toHaveText('That email and password do not match a staff account.');
        // The page stays where it was, the email kept.
        await expect(page).toHaveURL(new RegExp(`${address.replace(/[?]/g, '\\?')}$`));
        await expect(form.getByLabel('Email')).toHaveValue(e2eStaff.email);

        await form.getByLabel('Password').fill(e2eStaff.password);
        await form.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(content(page)).toBeVisible();

        // Opened again by its address, signed in: drawn with what it is for, nothing pressed.
        await page.goto(address);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(content(page)).toBeVisible();
      }
    });
  });
}
