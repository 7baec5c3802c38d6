/**
 * Test-only: the `api` edge function, run by the Deno binary from npm as Supabase would run it. Deno
 * keeps its downloads under node_modules/.cache, so the first run of a fresh clone fetches the
 * function's npm packages from the registry: hence the long timeouts on starting.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const functionDir = fileURLToPath(new URL('./supabase/functions/api/', import.meta.url));
const deno = fileURLToPath(new URL('../../node_modules/.bin/deno', import.meta.url));
const denoDir = fileURLToPath(new URL('../../node_modules/.cache/deno', import.meta.url));
export const firstStartMs = 60_000;

/** The function's settings: none of them is inherited from the environment the tests run in. */
const secrets = [
  'SUPABASE_DB_URL',
  'SUPABASE_URL',
  'SUPABASE_JWKS',
  'JWT_SECRET',
  'TICK_SECRET',
  'SITE_URL',
  'SMTP_URL',
  'NOTIFY_TO',
  'MAIL_FROM',
  'PORT',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'WEBHOOK_URL',
  'ESCALATE_AFTER_MINUTES',
  'PUSH_ALLOW_LOOPBACK_FOR_TESTS',
];

/** The parent's environment (PATH, proxies) without any setting of the function's, plus Deno's cache folder. */
function denoEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !secrets.includes(name)));
  return { ...inherited, DENO_DIR: denoDir, NO_COLOR: '1', ...extra };
}

/** `deno <args>` in the function's folder; --frozen: the committed deno.lock is the truth, never rewritten. */
function runDeno(args: readonly string[], env: Record<string, string>): ChildProcess {
  return spawn(deno, [args[0] ?? 'run', '--frozen', '--config', 'deno.json', ...args.slice(1)], {
    cwd: functionDir,
    env: denoEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `deno check` of the function against its committed deno.lock: resolves with its output, or rejects with it. */
export function checkFunction(): Promise<string> {
  const child = runDeno(['check', 'index.ts'], {});
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`deno check failed (${String(code)}):\n${output}`))));
  });
}

/** Runs a script of the function's folder under Deno, as the function runs: resolves with what it printed, or rejects with its output. */
export function runFunctionScript(entry: string, secretsEnv: Record<string, string>): Promise<string> {
  const child = runDeno(['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', entry], secretsEnv);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${entry} failed (${String(code)}):\n${stdout}${stderr}`))));
  });
}

export interface RunningFunction {
  url: string;
  /** Resolves with everything the function wrote once its log matches; rejects after 5 s. */
  logged: (pattern: RegExp) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts the function on a free port and resolves once it listens; rejects with its output if it dies
 * first. `entry` is index.ts, as Supabase runs it, unless the tests need the clock they set
 * (with-test-clock.test-support.ts).
 */
export function startFunction(secretsEnv: Record<string, string>, { entry = 'index.ts' }: { entry?: 'index.ts' | 'with-test-clock.test-support.ts' } = {}): Promise<RunningFunction> {
  // The database driver reads the machine's name and user, as Node's os module gives them.
  const child = runDeno(['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', entry], { ...secretsEnv, PORT: '0' });
  let stdout = '';
  let stderr = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }
    });
  // The log line is written before the response, but the pipe may bring it a moment after.
  const logged = async (pattern: RegExp) => {
    for (const deadline = Date.now() + 5_000; !pattern.test(stdout + stderr); ) {
      if (Date.now() > deadline) throw new Error(`The function never logged ${String(pattern)}:\n${stdout}${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return stdout + stderr;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The function did not listen within ${firstStartMs} ms:\n${stdout}${stderr}`));
    }, firstStartMs);
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, logged, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The function exited (${String(code)}) before it listened:\n${stdout}${stderr}`));
    });
  });
}

