// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, expect, test } from 'vitest';

const outDirs: string[] = [];
afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

/** Builds the browser bundle for one backend and returns all of its JavaScript as one string. */
async function bundleFor(backend: 'memory' | 'rest' | 'supabase'): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), `bundle-${backend}-`));
  outDirs.push(outDir);
  const previous = { ...process.env };
  Object.assign(process.env, {
    VITE_BACKEND: backend,
    VITE_SUPABASE_URL: 'https://project.supabase.example',
    VITE_SUPABASE_ANON_KEY: 'anon-key-for-the-bundle-test',
  });
  try {
    await build({ logLevel: 'silent', build: { outDir, sourcemap: false, emptyOutDir: true } });
  } finally {
    process.env = previous;
  }
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

// A string only each backend's code holds.
const markers = {
  memory: 'Waterloo Dental Practice',
  rest: '/api/session',
  supabase: 'send-quote-notification',
} as const;

test.each(['memory', 'rest', 'supabase'] as const)('a %s build holds that backend and no other', async (backend) => {
  const bundle = await bundleFor(backend);
  for (const [other, marker] of Object.entries(markers)) {
    expect(bundle.includes(marker), `${other}'s code in the ${backend} bundle`).toBe(other === backend);
  }
}, 60_000);
