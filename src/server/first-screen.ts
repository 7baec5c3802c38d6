/** Draws `lines` in a box, so a one-time password printed among log lines is not missed. */
export function framed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

/**
 * What a person who just ran `npm start` reads: where the site and the inbox are, and any notice of
 * the first start (the staff account made, with its password), framed.
 */
export function firstScreen({ name, url, notices }: { name: string; url: string; notices: readonly string[] }): string {
  const site = new URL(url);
  const inbox = new URL('/quotes', site);
  const where = [`${name} is running.`, '', `  The site:         ${site.href}`, `  The staff inbox:  ${inbox.href}`, '', 'Press Ctrl+C to stop.'];
  return ['', framed(where), ...notices.map((notice) => framed(notice.split('\n'))), ''].join('\n');
}
