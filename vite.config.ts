/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';
import { business } from './domain/business.ts';
import { inboxApp } from './src/seo/site-assets.ts';
import { inboxManifest, listedPages, robotsTxt, sitemapXml, webManifest } from './src/seo/site-files.ts';

const BackendSchema = v.picklist(['memory', 'rest', 'supabase'], 'VITE_BACKEND must be memory, rest or supabase');

function backendOf(mode: string) {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return v.parse(BackendSchema, env.VITE_BACKEND ?? 'rest');
}

const SiteUrlSchema = v.pipe(
  v.string(),
  v.url('SITE_URL must be the site\'s address, like https://www.example.co.uk'),
  v.transform((url) => new URL(url)),
  v.check((url) => url.protocol === 'https:' || url.hostname === 'localhost', 'SITE_URL must start with https://'),
);

/** The site's public address: SITE_URL, or the one in the business's configuration. */
function siteUrlOf(mode: string): URL {
  const env = loadEnv(mode, process.cwd(), 'SITE_URL');
  return v.parse(SiteUrlSchema, env.SITE_URL ?? business.siteUrl);
}

/** The files crawlers and phones look for at the site's root, written into every browser build. */
function siteFiles(siteUrl: URL): Plugin {
  return {
    name: 'site-files',
    apply: 'build',
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) });
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(siteUrl, listedPages) });
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: webManifest() });
      this.emitFile({ type: 'asset', fileName: inboxApp.manifest.slice(1), source: inboxManifest() });
    },
  };
}

const inboxWorkerEntry = fileURLToPath(new URL('./src/sw/quotes-sw.ts', import.meta.url));

/**
 * The staff inbox's service worker, built apart into one classic script at a name that never
 * changes (a worker is found again by its address): no module of it is shared with the pages' chunks,
 * so it imports nothing when it runs. It is told this build's scripts and styles, to keep for the
 * inbox to open offline; when they change, so does the worker, and the browser installs the new one.
 */
function inboxWorker(takeEndpoint: { kind: 'server' } | { kind: 'supabase'; apiUrl: string }): Plugin {
  return {
    name: 'inbox-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const precache = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && /\.(js|css)$/.test(file))
        .sort()
        .map((file) => `/${file}`);
      const buildId = createHash('sha256').update(precache.join('\n')).digest('base64url').slice(0, 12);
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { INBOX_BUILD: JSON.stringify(buildId), INBOX_PRECACHE: JSON.stringify(precache), INBOX_TAKE_ENDPOINT: JSON.stringify(takeEndpoint) },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          copyPublicDir: false,
          emptyOutDir: false,
          rolldownOptions: { input: inboxWorkerEntry, output: { format: 'iife', entryFileNames: 'quotes-sw.js' } },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) => ('output' in result ? result.output : []));
      const chunks = outputs.filter((file) => file.type === 'chunk');
      const [worker] = chunks;
      if (!worker || chunks.length !== 1) throw new Error(`The inbox worker must build to one script, not ${chunks.length}`);
      this.emitFile({ type: 'asset', fileName: inboxApp.worker.slice(1), source: worker.code });
    },
  };
}

/**
 * Who takes a request when a phone's "I'm on it" is tapped: our server, or in Supabase mode the `api`
 * function of the project the build is for.
 */
function takeEndpointOf(mode: string, backend: string): { kind: 'server' } | { kind: 'supabase'; apiUrl: string } {
  if (backend !== 'supabase') return { kind: 'server' };
  const url = loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL ?? '';
  return { kind: 'supabase', apiUrl: `${url.replace(/\/+$/, '')}/functions/v1/api` };
}

/** The composition root for the backend chosen at build time; only it (and its adapters) is bundled. */
function backendEntry(backend: string): string {
  const entry = fileURLToPath(new URL(`./src/app/backends/${backend}.ts`, import.meta.url));
  if (!existsSync(entry)) {
    throw new Error(`VITE_BACKEND=${backend}: this build has no ${backend} backend (${entry} is missing)`);
  }
  return entry;
}

/** The browser's two ways in: the whole application, and the home page's islands alone. */
const browserEntries = { index: 'index.html', home: 'src/app/home-main.ts' };
/** The server, and the build step that prerenders pages with it (`vite build --ssr`). */
const serverEntries = { 'server-main': 'src/server/server-main.ts', prerender: 'src/prerender/prerender.ts' };

export default defineConfig(({ mode, isSsrBuild }) => {
  const backend = backendOf(mode);
  const siteUrl = siteUrlOf(mode);
  return {
    plugins: [siteFiles(siteUrl), inboxWorker(takeEndpointOf(mode, backend))],
    // The code reads the site's address as import.meta.env.SITE_URL (src/app/site-url.ts).
    define: { 'import.meta.env.SITE_URL': JSON.stringify(siteUrl.href) },
    resolve: { alias: { '#backend': backendEntry(backend) } },
    oxc: { jsx: { runtime: 'automatic' } },
    // Served from the site's root as they are: icons, the share image.
    publicDir: 'src/public',
    build: {
      // The demo is served on its own; the other builds by our server, which reads dist/client.
      outDir: isSsrBuild ? 'dist/server' : backend === 'memory' ? 'dist/demo' : 'dist/client',
      target: 'es2022',
      // The server's own code keeps its maps (dist/server, never served: NODE_OPTIONS=--enable-source-maps
      // maps its stack traces). The browser's get none: a map served would hand anyone our original
      // source, and a static host (Supabase mode) serves every file it is given.
      sourcemap: Boolean(isSsrBuild),
      // Which files each entry needs, for the pages the build prerenders.
      manifest: !isSsrBuild,
      rolldownOptions: {
        input: isSsrBuild ? serverEntries : browserEntries,
        // domain/ is pure (docs/architecture.md): a module of it whose exports a chunk leaves unused is left out of that chunk.
        treeshake: { moduleSideEffects: [{ test: /\/domain\//, sideEffects: false }] },
        // React Server Components' "use client" markers mean nothing in these bundles.
        onLog: (level, log, defaultHandler) => {
          if (log.code !== 'MODULE_LEVEL_DIRECTIVE') defaultHandler(level, log);
        },
      },
    },
    preview: { host: '127.0.0.1' },
    server: { host: '127.0.0.1' },
    test: {
      // Property tests against real databases take a second or two alone, longer on a busy two-core
      // machine; a slow run is not a failure (figures belong in the benchmarks).
      testTimeout: 30_000,
      hookTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'domain',
            environment: 'node',
            include: ['adapters/**/*.test.ts', 'fixtures/**/*.test.ts'],
            typecheck: { enabled: true, include: ['fixtures/**/*.test-d.ts'] },
          },
        },
        {
          extends: true,
          test: {
            name: 'ui',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test-setup.test-support.ts'],
            typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
          },
        },
      ],
    },
  };
});
