/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { defineConfig, loadEnv } from 'vite';

const BackendSchema = v.picklist(['memory', 'rest', 'supabase'], 'VITE_BACKEND must be memory, rest or supabase');

/** The composition root for the backend chosen at build time; only it (and its adapters) is bundled. */
function backendEntry(mode: string): string {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const backend = v.parse(BackendSchema, env.VITE_BACKEND ?? 'memory');
  const entry = fileURLToPath(new URL(`./src/backends/${backend}.ts`, import.meta.url));
  if (!existsSync(entry)) {
    throw new Error(`VITE_BACKEND=${backend}: this build has no ${backend} backend (${entry} is missing)`);
  }
  return entry;
}

export default defineConfig(({ mode }) => ({
  resolve: { alias: { '#backend': backendEntry(mode) } },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // React Server Components' "use client" markers mean nothing in a browser-only bundle.
      onLog: (level, log, defaultHandler) => {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') defaultHandler(level, log);
      },
    },
  },
  preview: { host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
  test: {
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
}));
