import { expect, test } from 'vitest';
import { readServerConfig } from './server-config';

const defaults = {
  TRUST_PROXY: false,
  RETENTION_MONTHS: 24,
  QUOTE_REQUESTS_PER_HOUR: 10,
  SIGN_IN_ATTEMPTS_PER_HOUR: 10,
  OUTBOX_LEASE_SECONDS: 10,
  ESCALATE_AFTER_MINUTES: 10,
  ALERT_CHECK_SECONDS: 10,
  PUSH_ALLOW_LOOPBACK: false,
};

test('escalation waits ESCALATE_AFTER_MINUTES', () => {
  expect(readServerConfig({ ESCALATE_AFTER_MINUTES: '5' })).toMatchObject({ ESCALATE_AFTER_MINUTES: 5 });
});

test('limits, retention and the proxy are read as given', () => {
  expect(
    readServerConfig({ TRUST_PROXY: 'true', RETENTION_MONTHS: '6', QUOTE_REQUESTS_PER_HOUR: '3', SIGN_IN_ATTEMPTS_PER_HOUR: '5' }),
  ).toMatchObject({ TRUST_PROXY: true, RETENTION_MONTHS: 6, QUOTE_REQUESTS_PER_HOUR: 3, SIGN_IN_ATTEMPTS_PER_HOUR: 5 });
});

test('with nothing set, the server listens on 127.0.0.1:3000 and keeps SQLite in ./data', () => {
  expect(readServerConfig({})).toEqual({ ...defaults, PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' });
});

test('PostgreSQL is chosen by DATABASE_URL, and the other settings are read as given', () => {
  expect(
    readServerConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/var/lib/quotes', DATABASE_URL: 'postgres://db/quotes' }),
  ).toEqual({ ...defaults, PORT: 8080, HOST: '0.0.0.0', DATA_DIR: '/var/lib/quotes', DATABASE_URL: 'postgres://db/quotes' });
});

test('an empty variable counts as unset', () => {
  expect(readServerConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: '' })).toEqual({ ...defaults, PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' });
});

test.each([
  [{ PORT: 'eighty' }, /PORT must be a whole number/],
  [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
  [{ DATABASE_URL: 'mysql://db/quotes' }, /DATABASE_URL must be a postgres/],
  [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true or false/],
  [{ RETENTION_MONTHS: '0' }, /RETENTION_MONTHS must be at least 1/],
  [{ ESCALATE_AFTER_MINUTES: 'ten' }, /ESCALATE_AFTER_MINUTES must be a whole number/],
  [{ ESCALATE_AFTER_MINUTES: '0' }, /ESCALATE_AFTER_MINUTES must be at least 1/],
  [{ SITE_URL: 'www.example.co.uk' }, /SITE_URL must be the site's address/],
])('a bad setting %j stops the server with a message naming it', (env, message) => {
  expect(() => readServerConfig(env)).toThrow(message);
});
