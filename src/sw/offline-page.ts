import { business } from '../../domain/business';
import { inboxWorkerCopy } from '../../domain/inbox/inbox-copy';

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);

/**
 * The page the inbox's service worker answers with when there is no connection and no copy of the
 * inbox to show: plain words, one link to try again, no script. A response made in the worker
 * carries no Content-Security-Policy, so its style can be inline.
 */
export function offlinePageHtml(): string {
  const { pageTitle, pageText, retry } = inboxWorkerCopy.offline;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${pageTitle} | ${business.name}`)}</title>
<style>
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1a1a1a; background: #fff; }
main { max-width: 32rem; margin: 0 auto; padding: 3rem 1.25rem; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; color: #0b4a7f; }
p { font-size: 1.125rem; line-height: 1.5; margin: 0 0 1.5rem; }
a { display: inline-block; padding: 0.75rem 1.5rem; border-radius: 0.5rem; background: #0b4a7f; color: #fff; font-weight: 600; text-decoration: none; }
a:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(pageTitle)}</h1>
<p>${escapeHtml(pageText)}</p>
<a href="/quotes">${escapeHtml(retry)}</a>
</main>
</body>
</html>
`;
}
