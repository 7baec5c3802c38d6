// A built page with no code in it: the floor the web benchmark holds the real page against.
// Node runs the benchmarks by stripping types, so this file imports nothing.

/** Script types the HTML standard runs or that steer how code loads; any other type is a data block, never run. */
const codeTypes = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

const scriptElement = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const linkElement = /<link\b([^>]*)>/gi;

/** The value of one attribute in a tag's attribute text, or undefined when it is not there. */
function attribute(attributes: string, name: string): string | undefined {
  const found = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=[\\s/>]|$)`, 'i').exec(attributes);
  if (!found) return undefined;
  return found[1] ?? found[2] ?? found[3] ?? '';
}

/** Whether a `<script>` with these attributes runs code or loads it: anything but a data block such as JSON-LD. */
function runsCode(attributes: string): boolean {
  // A type with parameters ("text/javascript; charset=utf-8") is no JavaScript type: a data block.
  const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
  return codeTypes.has(type);
}

/** Whether a `<link>` with these attributes fetches code ahead of a script asking for it. */
function preloadsCode(attributes: string): boolean {
  const rel = (attribute(attributes, 'rel') ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('modulepreload')) return true;
  if (!rel.includes('preload') && !rel.includes('prefetch')) return false;
  const as = (attribute(attributes, 'as') ?? '').toLowerCase();
  return ['script', 'worker', 'sharedworker', 'serviceworker', 'audioworklet', 'paintworklet'].includes(as);
}

/** Every element of `html` that runs or loads script: script elements that are no data block, and preloads of code. */
export function codeElements(html: string): string[] {
  const scripts = [...html.matchAll(scriptElement)].filter((match) => runsCode(match[1] ?? '')).map((match) => match[0]);
  const preloads = [...html.matchAll(linkElement)].filter((match) => preloadsCode(match[1] ?? '')).map((match) => match[0]);
  return [...scripts, ...preloads];
}

/**
 * The page with every element that runs or loads script taken out, with the whitespace before it: module
 * and classic scripts, inline or not (a loader included), import maps, and preloads of code. Data blocks
 * stay, for they are content: the JSON-LD for search engines, and the page's state, which is never run.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/[ \t]*(<script\b([^>]*)>[\s\S]*?<\/script\s*>)\n?/gi, (whole, _element, attributes: string) => (runsCode(attributes) ? '' : whole))
    .replace(/[ \t]*(<link\b([^>]*)>)\n?/gi, (whole, _element, attributes: string) => (preloadsCode(attributes) ? '' : whole));
}
