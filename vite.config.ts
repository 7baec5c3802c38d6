/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { defineConfig, loadEnv } from 'vite';

const BackendSchema = v.picklist(['memory', 'rest', 'supabase'], 'VITE_BACKEND must be memory, rest or supabase');

function backendOf(mode: string) {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return v.parse(BackendSchema, env.VITE_BACKEND ?? 'rest');
}

/** The composition root for the backend chosen at build time; only it (and its adapters) is bundled. */
function backendEntry(backend: string): string {
  const entry = fileURLToPath(new URL(`./src/backends/${backend}.ts`, import.meta.url));
  if (!existsSync(entry)) {
    throw new Error(`VITE_BACKEND=${backend}: this build has no ${backend} backend (${entry} is missing)`);
  }
  return entry;
}

export default defineConfig(({ mode }) => {
  const backend = backendOf(mode);
  return {
    resolve: { alias: { '#backend': backendEntry(backend) } },
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      // The demo is served on its own; the other builds by our server, which reads dist/client.
      outDir: backend === 'memory' ? 'dist/demo' : 'dist/client',
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: {
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
            include: ['domain/**/*.test.ts', 'adapters/**/*.test.ts', 'fixtures/**/*.test.ts'],
            typecheck: { enabled: true, include: ['domain/**/*.test-d.ts'] },
          },
        },
        {
          extends: true,
          test: {
            name: 'ui',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test-setup.ts'],
            typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
          },
        },
      ],
    },
  };
});
