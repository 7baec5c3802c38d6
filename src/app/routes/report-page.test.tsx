import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { GuardedStep } from '../../../domain/activity/activity';
import { customerAuthor } from '../../../domain/activity/actor';
import type { LeadReports } from '../../../domain/ports/lead-reports';
import { defaultValidUntil } from '../../../domain/priced-quote/quote-draft';
import type { QuoteLine } from '../../../domain/priced-quote/quote-pricing';
import { leadReport, reportCsv } from '../../../domain/report/lead-report';
import type { ReportPeriod } from '../../../domain/report/report-period';
import { cameFrom } from '../../../fixtures/lead-sources';
import { answered, request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';

const sam = 'sam@example.co.uk';

/** The report drawn from `store` at testNow, as a host draws it. */
function reportsOf(store: InMemoryQuoteRepository): LeadReports {
  const read = async (period: ReportPeriod) => {
    const result = await leadReport({ reports: store, logger: console }, period, testNow);
    if (!result.ok) throw new Error(result.error.kind);
    return result.report;
  };
  return { read, csv: async (period) => reportCsv(await read(period)) };
}

/**
 * Three requests this month: one from an ad quoted £1,254.00 (£1,045 and 20% VAT), which its customer
 * accepted; one direct quoted £600.00, unanswered; one direct never quoted.
 */
async function quotedStore(): Promise<InMemoryQuoteRepository> {
  const store = new InMemoryQuoteRepository({
    seed: [answered(request('ann', 'Ann Lee', 600, cameFrom('googleAds')), 590), answered(request('tom', 'Tom Okafor', 500, cameFrom('direct')), 490), answered(request('wei', 'Wei Chen', 400, cameFrom('direct')), 390)],
  });
  const step = async (id: string, written: GuardedStep, by = sam) => {
    const result = await store.record({ id, step: written, by, at: testNow });
    if (result.outcome !== 'recorded') throw new Error(`Recording ${written.kind} gave ${JSON.stringify(result)}`);
  };
  const quote = async (id: string, lines: QuoteLine[]) => {
    await step(id, { kind: 'quote-written', version: 1, lines, validUntil: defaultValidUntil('2026-11-20'), vatRegistered: true, terms: '' });
    await step(id, { kind: 'quote-sent', version: 1 });
  };
  await quote('ann', [{ description: 'Combi boiler fitted', quantity: 1, unitPence: 104_500, vat: 'standard' }]);
  await step('ann', { kind: 'quote-accepted', version: 1, totalPence: 125_400, earlyStart: false }, customerAuthor);
  await quote('tom', [{ description: 'Two radiators replaced', quantity: 2, unitPence: 25_000, vat: 'standard' }]);
  return store;
}

test('the table counts, by channel and in all, the quotes sent and accepted, the acceptance rate and the value quoted', async () => {
  const store = await quotedStore();
  renderApp({ path: '/quotes/report?period=this-month', backend: testBackend({ store, reports: reportsOf(store) }), now: () => testNow });
  const table = await screen.findByRole('table', { name: 'By channel' });
  const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers.slice(-4)).toEqual(['Quotes sent', 'Quotes accepted', 'Acceptance rate', 'Value quoted']);
  /** The four quote figures of the row named `name`. */
  const quoteCells = (name: string) => {
    const row = within(table).getByRole('rowheader', { name }).closest('tr');
    if (row === null) throw new Error(`no row for ${name}`);
    return within(row).getAllByRole('cell').slice(-4).map((cell) => cell.textContent);
  };
  expect(quoteCells('Google Ads')).toEqual(['1', '1', '100%', '£1,254']);
  expect(quoteCells('Direct')).toEqual(['1', '0', '0%', '£600']);
  // None sent: no rate to give.
  expect(quoteCells('Referral')).toEqual(['0', '0', '–', '£0']);
  expect(quoteCells('All channels')).toEqual(['2', '1', '50%', '£1,854']);
  expect(screen.getByText(/value quoted adds up the total including VAT of the last version each was sent/)).toBeTruthy();
});

test('the CSV carries the same four figures, as plain numbers', async () => {
  const csv = await reportsOf(await quotedStore()).csv('this-month');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]?.split(',').slice(-4)).toEqual(['Quotes sent', 'Quotes accepted', 'Acceptance rate (%)', 'Value quoted (£)']);
  const row = (name: string) => lines.find((line) => line.startsWith(`${name},`))?.split(',').slice(-4);
  expect(row('Google Ads')).toEqual(['1', '1', '100', '1254']);
  expect(row('Direct')).toEqual(['1', '0', '0', '600']);
  expect(row('Referral')).toEqual(['0', '0', '', '0']);
  expect(row('All channels')).toEqual(['2', '1', '50', '1854']);
});
