// What the web benchmark reads out of Lighthouse's results, and how it prints them.
// Node runs the benchmarks by stripping types, so this file imports only npm packages and node: builtins.
import type { Result } from 'lighthouse';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export const write = (line = '') => process.stdout.write(`${line}\n`);

export interface Figures {
  /** In the order of `categories`, 0 to 100. */
  scores: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
}

const numericValue = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;

function tableItems(lhr: Result, id: string) {
  const details = lhr.audits[id]?.details;
  return details?.type === 'table' || details?.type === 'opportunity' ? details.items : [];
}

/** One resource type's row ('script', 'total', ...) of the resource-summary audit: bytes transferred and requests. */
function resourceSummary(lhr: Result, resourceType: string): { bytes: number; requests: number } {
  const row = tableItems(lhr, 'resource-summary').find((item) => item.resourceType === resourceType);
  return {
    bytes: typeof row?.transferSize === 'number' ? row.transferSize : 0,
    requests: typeof row?.requestCount === 'number' ? row.requestCount : 0,
  };
}

export function figures(lhr: Result): Figures {
  const total = resourceSummary(lhr, 'total');
  return {
    scores: categories.map((id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)),
    fcpMs: numericValue(lhr, 'first-contentful-paint'),
    lcpMs: numericValue(lhr, 'largest-contentful-paint'),
    tbtMs: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift'),
    scriptBytes: resourceSummary(lhr, 'script').bytes,
    totalBytes: total.bytes,
    requests: total.requests,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Each figure's median over the runs, taken figure by figure. */
export function medianFigures(all: Figures[]): Figures {
  const of = (pick: (entry: Figures) => number) => median(all.map(pick));
  return {
    scores: categories.map((_, index) => of((entry) => entry.scores[index] ?? Number.NaN)),
    fcpMs: of((entry) => entry.fcpMs),
    lcpMs: of((entry) => entry.lcpMs),
    tbtMs: of((entry) => entry.tbtMs),
    cls: of((entry) => entry.cls),
    scriptBytes: of((entry) => entry.scriptBytes),
    totalBytes: of((entry) => entry.totalBytes),
    requests: of((entry) => entry.requests),
  };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printTable(rows: { label: string; figures: Figures }[]) {
  const header = ['', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'page', 'requests'];
  const lines = rows.map(({ label, figures: entry }) => [
    label,
    ...entry.scores.map(String),
    seconds(entry.fcpMs),
    seconds(entry.lcpMs),
    `${Math.round(entry.tbtMs)} ms`,
    entry.cls.toFixed(3),
    kilobytes(entry.scriptBytes),
    kilobytes(entry.totalBytes),
    String(entry.requests),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  write(format(header));
  for (const line of lines) write(format(line));
}

/** Every host the page requested, each with its number of requests. */
export function requestedHosts(lhr: Result): Map<string, number> {
  const hosts = new Map<string, number>();
  for (const item of tableItems(lhr, 'network-requests')) {
    if (typeof item.url !== 'string') continue;
    let address: URL;
    try {
      address = new URL(item.url);
    } catch {
      continue;
    }
    // data:, blob: and the like never leave the browser.
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(address.protocol)) continue;
    hosts.set(address.host, (hosts.get(address.host) ?? 0) + 1);
  }
  return hosts;
}

/** A few of what an audit found (elements, files, console messages), so the place to fix is plain. */
function examples(lhr: Result, id: string): string[] {
  const found: string[] = [];
  for (const item of tableItems(lhr, id).slice(0, 3)) {
    const { node, sourceLocation, url, description } = item;
    const parts: string[] = [];
    if (typeof node === 'object' && 'type' in node && node.type === 'node') {
      parts.push(node.selector ?? node.snippet ?? node.nodeLabel ?? '(an element)');
    }
    if (typeof url === 'string') parts.push(url);
    else if (typeof sourceLocation === 'object' && 'type' in sourceLocation && sourceLocation.type === 'source-location') {
      parts.push(`${sourceLocation.url}:${sourceLocation.line + 1}`);
    }
    if (typeof description === 'string') parts.push(description.replace(/\s+/g, ' '));
    const text = parts.join(' ');
    if (text) found.push(text.length > 200 ? `${text.slice(0, 199)}…` : text);
  }
  return found;
}

/** The element Chrome painted last among the largest (the LCP), as its selector and a snippet of it. */
export function lcpElement(lhr: Result): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  const node = details?.type === 'list' ? details.items.find((item) => item.type === 'node') : undefined;
  if (node?.type !== 'node') return 'not found';
  const snippet = node.snippet && node.snippet.length > 100 ? `${node.snippet.slice(0, 99)}…` : node.snippet;
  return [node.selector, snippet].filter(Boolean).join(' ');
}

/** The audits of one run that do not pass, by category; informative, not applicable and manual ones aside. */
export function printFailingAudits(lhr: Result) {
  const ignored = new Set(['informative', 'notApplicable', 'manual']);
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category) continue;
    const failing = category.auditRefs
      .filter((ref) => ref.group !== 'hidden')
      .map((ref) => lhr.audits[ref.id])
      .filter((entry) => entry !== undefined)
      .filter((entry) => !ignored.has(entry.scoreDisplayMode))
      .filter((entry) => entry.scoreDisplayMode === 'error' || (entry.score !== null && entry.score < 1));
    write(`${category.title} (${Math.round((category.score ?? Number.NaN) * 100)}): ${failing.length === 0 ? 'all audits pass' : `${failing.length} failing`}`);
    for (const entry of failing) {
      const score = entry.scoreDisplayMode === 'error' ? `error: ${entry.errorMessage ?? 'unknown'}` : `score ${entry.score?.toFixed(2) ?? '-'}`;
      const value = entry.displayValue ? `, ${entry.displayValue}` : '';
      write(`  - ${entry.title} [${entry.id}] (${score}${value})`);
      for (const where of examples(lhr, entry.id)) write(`      ${where}`);
    }
  }
}
