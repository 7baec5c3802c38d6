import { readFile } from 'node:fs/promises';
import { londonDay } from '../domain/london-time';
import { leadChannels } from '../domain/quote/lead-channel';
import { chooseView, expect, markOutcome, openDemoStaffList, test } from './fixtures';

test('the owner reads the report: requests, first calls, wins and their value by channel, the weeks as bars, and the same as a CSV', async ({ page, scanAccessibility }) => {
  // The inbox, a job won with its value, then the report at two widths.
  test.slow();
  await page.goto('/');
  await openDemoStaffList(page);
  await chooseView(page, 'Quoted');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await markOutcome(page, name, 'won', '2,000');
  await expect(page.getByRole('status')).toContainText('Marked won');

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await expect(page).toHaveURL(/\/quotes\/report/);
  const periods = page.getByRole('navigation', { name: 'Period' });
  await expect(periods.getByRole('link', { name: 'This month' })).toHaveAttribute('aria-current', 'page');

  await periods.getByRole('link', { name: 'The last 90 days' }).click();
  await expect(page).toHaveURL(/period=last-90-days/);
  const table = page.getByRole('table', { name: 'By channel' });
  await expect(table.getByRole('rowheader')).toHaveText([...leadChannels, 'All channels']);
  const total = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All channels' }) });
  // The demo's requests are all recent; the job just won is among them, with its £2,000.
  await expect(total.getByRole('cell').nth(0)).not.toHaveText('0');
  await expect(total).toContainText('£');
  // The demo's jobs done long ago were asked for a review, and some followed the link.
  await expect(table.getByRole('columnheader')).toContainText(['Reviews asked', 'Review links opened', 'Quotes sent', 'Quotes accepted', 'Acceptance rate', 'Value quoted']);
  await expect(total.getByRole('cell').nth(7)).not.toHaveText('0');
  await expect(page.getByRole('img', { name: /^Requests per week/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Won value per week/ })).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);

  await page.getByText('The weeks as a table').click();
  await expect(page.getByRole('columnheader', { name: 'Week starting' })).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`report-last-90-days-${londonDay(new Date())}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Channel,Requests,Median minutes to first call,Called within promise (%),Won,Win rate (%),Won value (£),Value per request (£),Reviews asked,Review links opened,Quotes sent,Quotes accepted,Acceptance rate (%),Value quoted (£)');
  expect(lines.slice(1, 8).map((line) => line.split(',')[0])).toEqual([...leadChannels, 'All channels']);
  const totalRow = lines[7]?.split(',') ?? [];
  expect(Number(totalRow[6])).toBeGreaterThanOrEqual(2000);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `nothing wider than the screen at ${String(width)} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`report-${String(width)}.png`), fullPage: true });
  }
});
