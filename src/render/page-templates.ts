import { createHash } from 'node:crypto';
import type { PageTemplates } from './page-renderer';

/** The part of Vite's build manifest (.vite/manifest.json) that says which files an entry loads. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk | undefined>;

/** The home page's own entry (see vite.config.ts). */
const homeEntry = 'src/app/home-main.ts';

function chunk(manifest: BuildManifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`The build manifest has no ${key}`);
  return found;
}

/** The tags that start an entry: its script, and a preload of every chunk it imports, so none waits for another. */
function entryTags(manifest: BuildManifest, entry: string): string {
  const imported = new Set<string>();
  const visit = (key: string) => {
    for (const dependency of chunk(manifest, key).imports ?? []) {
      if (imported.has(dependency)) continue;
      imported.add(dependency);
      visit(dependency);
    }
  };
  visit(entry);
  return [
    `<script type="module" crossorigin src="/${chunk(manifest, entry).file}"></script>`,
    ...[...imported].map((key) => `<link rel="modulepreload" crossorigin href="/${chunk(manifest, key).file}">`),
  ].join('\n    ');
}

/** The built pages, and the Content-Security-Policy hashes of the stylesheets written into them. */
export interface BuiltTemplates extends PageTemplates {
  styleHashes: string[];
}

/**
 * The page templates, from the index.html Vite built for the whole application. The stylesheet is
 * written into each page, so the page paints from its first response with no request in between;
 * the home page loads the islands' entry in place of the application's.
 */
export function pageTemplates(indexHtml: string, manifest: BuildManifest, readAsset: (file: string) => string): BuiltTemplates {
  const styleHashes: string[] = [];
  const styled = indexHtml.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+)"[^>]*>/g, (_tag, file: string) => {
    const css = readAsset(file);
    styleHashes.push(`sha256-${createHash('sha256').update(css).digest('base64')}`);
    return `<style>${css}</style>`;
  });
  const withoutScripts = styled.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (!/<script type="module"[^>]*><\/script>/.test(styled)) throw new Error('The built index.html loads no module script');
  return {
    app: styled,
    home: withoutScripts.replace('</head>', () => `  ${entryTags(manifest, homeEntry)}\n  </head>`),
    styleHashes,
  };
}
