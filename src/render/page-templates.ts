import { createHash } from 'node:crypto';
import { afterFirstPaintLoader, interactionLoader } from './interaction-loader';
import type { PageTemplates } from './page-renderer';

/** The part of Vite's build manifest (.vite/manifest.json) that says which files an entry loads. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk | undefined>;

/** The whole application's entry, and the home page's own (see vite.config.ts). */
const appEntry = 'index.html';
const homeEntry = 'src/app/home-main.ts';

function chunk(manifest: BuildManifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`The build manifest has no ${key}`);
  return found;
}

/** The files an entry runs: its own, then every chunk it imports, however deep, each once. */
export function entryFiles(manifest: BuildManifest, entry: string): { entry: string; chunks: string[] } {
  const imported = new Set<string>();
  const visit = (key: string) => {
    for (const dependency of chunk(manifest, key).imports ?? []) {
      if (imported.has(dependency)) continue;
      imported.add(dependency);
      visit(dependency);
    }
  };
  visit(entry);
  return { entry: `/${chunk(manifest, entry).file}`, chunks: [...imported].map((key) => `/${chunk(manifest, key).file}`) };
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The built pages, and the Content-Security-Policy hashes of the stylesheets and scripts written into them. */
export interface BuiltTemplates extends PageTemplates {
  styleHashes: string[];
  scriptHashes: string[];
}

/**
 * The page templates, from the index.html Vite built for the whole application. The stylesheet is
 * written into each page, so the page paints from its first response with no request in between.
 * Pages that work without scripts load theirs only when the visitor first acts on them, through a
 * small script written into the page (the home page its islands' entry, the others the application's);
 * the pages that need scripts at once keep Vite's tags.
 */
/** An SVG as a data: URL, escaped only where a URL or an HTML attribute needs it. */
function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.trim().replace(/[%#"<>&\s]/g, (character) => (character === ' ' ? '%20' : encodeURIComponent(character)))}`;
}

export function pageTemplates(indexHtml: string, manifest: BuildManifest, readAsset: (file: string) => string): BuiltTemplates {
  const styleHashes: string[] = [];
  const styled = indexHtml
    .replace(/<link rel="stylesheet"[^>]* href="\/([^"]+)"[^>]*>/g, (_tag, file: string) => {
      const css = readAsset(file);
      styleHashes.push(sha256(css));
      return `<style>${css}</style>`;
    })
    // The icon, a few hundred bytes of SVG, is written into the page too: the browser then asks for
    // nothing but the page until the visitor acts, and no request for the icon races the first paint.
    .replace(/(<link rel="icon" type="image\/svg\+xml" href=")\/([^"]+\.svg)(")/, (_tag, start: string, file: string, end: string) => `${start}${svgDataUrl(readAsset(file))}${end}`);
  if (!/<script type="module"[^>]*><\/script>/.test(styled)) throw new Error('The built index.html loads no module script');
  const withoutScripts = styled.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const scriptHashes: string[] = [];
  const withLoader = (entry: string, loader: (entry: string, chunks: readonly string[]) => string) => {
    const files = entryFiles(manifest, entry);
    const script = loader(files.entry, files.chunks);
    scriptHashes.push(sha256(script));
    return withoutScripts.replace('</head>', () => `  <script>${script}</script>\n  </head>`);
  };
  return {
    home: withLoader(homeEntry, (entry, chunks) => interactionLoader(entry, chunks, { holdInvalidSubmit: true })),
    app: withLoader(appEntry, (entry, chunks) => interactionLoader(entry, chunks, { logNotFound: true })),
    appAtOnce: styled,
    appAfterPaint: withLoader(appEntry, afterFirstPaintLoader),
    styleHashes,
    scriptHashes,
  };
}
