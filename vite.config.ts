/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { business } from './domain/business.ts';
import { listedPages, robotsTxt, sitemapXml, webManifest } from './src/seo/site-files.ts';

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
    },
  };
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
    plugins: [siteFiles(siteUrl)],
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
      sourcemap: true,
      // Which files each entry needs, for the pages the build prerenders.
      manifest: !isSsrBuild,
      rolldownOptions: {
        input: isSsrBuild ? serverEntries : browserEntries,
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
