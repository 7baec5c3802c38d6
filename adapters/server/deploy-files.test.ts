import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { expect, test } from 'vitest';
import { parseMailConfig } from '../email/smtp-mailer';
import { parseVapidConfig } from '../push/vapid-keys';
import { parseWebhookConfig } from '../push/webhook';
import { readServerConfig, serverSettingNames } from './server-config';

// The files docs/deploy.md installs on a server, held to what the server reads.
const deploy = (name: string) => readFileSync(new URL(`../../deploy/${name}`, import.meta.url), 'utf8');
const envExample = deploy('quotes.env.example');
const unit = deploy('se1-quotes.service');
const caddyfile = deploy('Caddyfile');

/** The names a parser asks its environment for, recorded as it reads: each is given a value so that it reads on. */
function namesRead(parse: (env: Record<string, string>) => unknown): string[] {
  const read = new Set<string>();
  const env = new Proxy<Record<string, string>>({}, { get: (_target, name) => (typeof name === 'string' ? (read.add(name), 'x') : undefined) });
  try {
    parse(env);
  } catch {
    // 'x' is no valid value: what matters is what was asked for.
  }
  return [...read];
}

const everySetting = [...serverSettingNames, ...namesRead(parseMailConfig), ...namesRead(parseVapidConfig), ...namesRead(parseWebhookConfig)];
/** The names the example sets or shows commented out, as `NAME=` or `#NAME=` at the start of a line. */
const listed = [...envExample.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

test('the example environment file lists every setting the server reads, and nothing it does not', () => {
  expect(everySetting).toEqual(expect.arrayContaining(['SITE_URL', 'TRUST_PROXY', 'SMTP_URL', 'VAPID_PRIVATE_KEY', 'WEBHOOK_SECRET']));
  expect([...new Set(listed)].sort()).toEqual([...new Set(everySetting)].sort());
  expect(listed).toHaveLength(new Set(listed).size);
});

test('the example, as systemd and the server read it, is a valid configuration behind a proxy on loopback', () => {
  const env = parseEnv(envExample);
  const config = readServerConfig(env);
  expect(config).toMatchObject({ TRUST_PROXY: true, HOST: '127.0.0.1', PORT: 3000, SITE_URL: 'https://www.example.co.uk' });
  expect(parseMailConfig(env)?.from).toBe('SE1 Plumbing & Heating <quotes@example.co.uk>');
  expect(parseVapidConfig(env).keys).toBeUndefined();
  expect(parseWebhookConfig(env)).toBeUndefined();
  // Caddy passes to where the server listens; the service may write where the server keeps data and backups.
  expect(caddyfile).toContain(`reverse_proxy ${config.HOST}:${config.PORT} `);
  expect(unit).toMatch(new RegExp(`^ReadWritePaths=${config.DATA_DIR} -${config.BACKUP_DIR ?? 'unset'}$`, 'm'));
  expect(unit).toMatch(/^EnvironmentFile=\/etc\/se1-quotes\/quotes\.env$/m);
});

test("the service runs the project's own Node from the folder it is built in", () => {
  const workingDirectory = /^WorkingDirectory=(.+)$/m.exec(unit)?.[1];
  expect(unit).toMatch(new RegExp(`^ExecStart=${workingDirectory ?? 'unset'}/node_modules/node/bin/node dist/server/server-main\\.js$`, 'm'));
  // V8 writes the machine code it compiles: a service that may not map memory writable and executable cannot run Node.
  expect(unit).not.toMatch(/^MemoryDenyWriteExecute=/m);
});

const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
if (!systemdAnalyze) console.warn('deploy-files.test: SKIPPED the unit file checks. No systemd-analyze: install systemd (apt-get install -y systemd).');

/** The unit as it would be installed here: this machine's Node and an existing user instead of the real ones, nothing else changed. */
function unitHere(): { path: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'quotes-unit-'));
  const path = join(folder, 'se1-quotes.service');
  const user = userInfo().username;
  const here = unit
    .replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`)
    .replace(/^User=.*$/m, `User=${user}`)
    .replace(/^Group=.*$/m, `Group=${execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim()}`);
  writeFileSync(path, here);
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

test.skipIf(!systemdAnalyze)('systemd-analyze verify finds nothing to say about the unit', () => {
  const { path, remove } = unitHere();
  try {
    const result = spawnSync(systemdAnalyze ?? '', ['verify', path], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  } finally {
    remove();
  }
});

test.skipIf(!systemdAnalyze)("the unit's exposure, as systemd-analyze security scores it, is low", () => {
  const { path, remove } = unitHere();
  try {
    const result = spawnSync(systemdAnalyze ?? '', ['security', '--offline=true', '--no-pager', path], { encoding: 'utf8' });
    const score = Number(/Overall exposure level for se1-quotes\.service: ([\d.]+)/.exec(result.stdout)?.[1]);
    // 0 is locked down, 10 is no hardening at all; systemd calls below 2 "OK".
    expect(score).toBeLessThan(2);
  } finally {
    remove();
  }
});
