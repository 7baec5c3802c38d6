// The build's last step (`npm run build`): renders the pages that are the same for every visitor to
// HTML files, and compresses every text file for the server.
import { backend } from '#backend';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createPageRenderer } from '../render/page-renderer';
import { type BuildManifest, pageTemplates } from '../render/page-templates';

const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
const serverDir = fileURLToPath(new URL('./', import.meta.url));

/** Each prerendered page, and the file a static host (or our server) serves it from. */
const pages = [
  { path: '/', file: 'index.html' },
  { path: '/privacy', file: 'privacy/index.html' },
  { path: '/accessibility', file: 'accessibility/index.html' },
  { path: '/quotes', file: 'quotes/index.html' },
  { path: '/quotes/settings', file: 'quotes/settings/index.html' },
  { path: '/quotes/report', file: 'quotes/report/index.html' },
  { path: '/quotes/service-due', file: 'quotes/service-due/index.html' },
  { path: '/404', file: '404.html' },
] as const;

const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.xml', '.txt']);

const write = async (path: string, content: string | Uint8Array) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
};

const templates = pageTemplates(
  await readFile(join(clientDir, 'index.html'), 'utf8'),
  JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as BuildManifest,
  (file) => readFileSync(join(clientDir, file), 'utf8'),
);
// Our server renders with the same templates what depends on a request.
await write(join(serverDir, 'page-templates.json'), JSON.stringify(templates));

// Prerendering reads nothing and sends nothing: no page asks its backend for anything as it renders.
const renderer = createPageRenderer(
  { ...backend, load: () => Promise.reject(new Error('Pages are prerendered without a backend')) },
  templates,
);
for (const { path, file } of pages) {
  const { html } = await renderer.render(path, {});
  await write(join(clientDir, file), html);
}

// Brotli and gzip copies of every text file, made once here at the highest settings rather than
// on each request.
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const files = await readdir(clientDir, { recursive: true, withFileTypes: true });
let compressed = 0;
for (const entry of files) {
  const path = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !compressible.has(extname(path))) continue;
  const content = await readFile(path);
  await write(`${path}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  await write(`${path}.gz`, await gzipped(content, { level: constants.Z_BEST_COMPRESSION }));
  compressed += 1;
}
process.stdout.write(`Prerendered ${pages.length} pages into ${clientDir}; compressed ${compressed} files.\n`);
