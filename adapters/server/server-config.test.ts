import { expect, test } from 'vitest';
import { connectionLimitsOf, readServerConfig } from './server-config';

const defaults = {
  TRUST_PROXY: false,
  RETENTION_MONTHS: 24,
  SPAM_RETENTION_DAYS: 30,
  FORM_TOKEN_BACKDATE_SECONDS: 0,
  QUOTE_REQUESTS_PER_HOUR: 10,
  QUOTE_REFUSALS_PER_HOUR: 100,
  CUSTOMER_LINK_VIEWS_PER_HOUR: 60,
  CUSTOMER_LINK_CHANGES_PER_HOUR: 10,
  PAGES_DRAWN_PER_HOUR: 120,
  SIGN_IN_ATTEMPTS_PER_HOUR: 10,
  SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: 30,
  HEADERS_TIMEOUT_SECONDS: 10,
  REQUEST_TIMEOUT_SECONDS: 20,
  MAX_CONNECTIONS_PER_CLIENT: 20,
  OUTBOX_LEASE_SECONDS: 10,
  ESCALATE_AFTER_MINUTES: 10,
  REVIEW_ASK_AFTER_HOURS: 48,
  REMINDER_LEAD_DAYS: 42,
  QUOTE_FOLLOW_UP_DAYS: 3,
  ALERT_CHECK_SECONDS: 10,
  PUSH_ALLOW_LOOPBACK_FOR_TESTS: false,
  BACKUP_KEEP: 14,
};

test('daily backups go to BACKUP_DIR, keeping BACKUP_KEEP of them, sealed with BACKUP_PASSPHRASE', () => {
  expect(readServerConfig({ BACKUP_DIR: '/var/backups/quotes', BACKUP_KEEP: '30', BACKUP_PASSPHRASE: 'a long enough passphrase' })).toMatchObject({
    BACKUP_DIR: '/var/backups/quotes',
    BACKUP_KEEP: 30,
    BACKUP_PASSPHRASE: 'a long enough passphrase',
  });
});

test('escalation waits ESCALATE_AFTER_MINUTES', () => {
  expect(readServerConfig({ ESCALATE_AFTER_MINUTES: '5' })).toMatchObject({ ESCALATE_AFTER_MINUTES: 5 });
});

test('the Spam folder keeps requests SPAM_RETENTION_DAYS days, at least one', () => {
  expect(readServerConfig({ SPAM_RETENTION_DAYS: '7' })).toMatchObject({ SPAM_RETENTION_DAYS: 7 });
  expect(() => readServerConfig({ SPAM_RETENTION_DAYS: '0' })).toThrow('SPAM_RETENTION_DAYS must be at least 1');
});

test('limits, retention and the proxy are read as given', () => {
  expect(
    readServerConfig({ TRUST_PROXY: 'true', RETENTION_MONTHS: '6', QUOTE_REQUESTS_PER_HOUR: '3', QUOTE_REFUSALS_PER_HOUR: '40', SIGN_IN_ATTEMPTS_PER_HOUR: '5', PAGES_DRAWN_PER_HOUR: '30' }),
  ).toMatchObject({ TRUST_PROXY: true, RETENTION_MONTHS: 6, QUOTE_REQUESTS_PER_HOUR: 3, QUOTE_REFUSALS_PER_HOUR: 40, SIGN_IN_ATTEMPTS_PER_HOUR: 5, PAGES_DRAWN_PER_HOUR: 30 });
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
  [{ BACKUP_KEEP: '0' }, /BACKUP_KEEP must be at least 1/],
  [{ BACKUP_PASSPHRASE: 'short' }, /BACKUP_PASSPHRASE must be at least 12 characters/],
  [{ REQUEST_TIMEOUT_SECONDS: '0' }, /REQUEST_TIMEOUT_SECONDS must be at least 1/],
  [{ HEADERS_TIMEOUT_SECONDS: '2.5' }, /HEADERS_TIMEOUT_SECONDS must be a whole number/],
  [{ MAX_CONNECTIONS_PER_CLIENT: '-1' }, /MAX_CONNECTIONS_PER_CLIENT must be 0 or more/],
  [{ QUOTE_FOLLOW_UP_DAYS: '-1' }, /QUOTE_FOLLOW_UP_DAYS must be 0 or more/],
  [{ QUOTE_FOLLOW_UP_DAYS: '1.5' }, /QUOTE_FOLLOW_UP_DAYS must be a whole number/],
  [{ SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: '0' }, /SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR must be at least 1/],
])('a bad setting %j stops the server with a message naming it', (env, message) => {
  expect(() => readServerConfig(env)).toThrow(message);
});

test('QUOTE_FOLLOW_UP_DAYS 0 turns the follow-ups off, and any whole number of days sets them', () => {
  expect(readServerConfig({ QUOTE_FOLLOW_UP_DAYS: '0' }).QUOTE_FOLLOW_UP_DAYS).toBe(0);
  expect(readServerConfig({ QUOTE_FOLLOW_UP_DAYS: '7' }).QUOTE_FOLLOW_UP_DAYS).toBe(7);
});

test('the server cuts off slow clients within 30 s and caps connections per address, but not behind our proxy', () => {
  expect(connectionLimitsOf(readServerConfig({}))).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, maxConnectionsPerClient: 20 });
  expect(connectionLimitsOf(readServerConfig({ HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '15', MAX_CONNECTIONS_PER_CLIENT: '50' }))).toEqual({
    headersTimeoutMs: 5000,
    requestTimeoutMs: 15_000,
    maxConnectionsPerClient: 50,
  });
  expect(connectionLimitsOf(readServerConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' })).maxConnectionsPerClient).toBeUndefined();
  expect(connectionLimitsOf(readServerConfig({ TRUST_PROXY: 'true' })).maxConnectionsPerClient).toBeUndefined();
});

test('pushing to this machine is for tests: a site with an https address refuses to start with it', () => {
  expect(readServerConfig({ PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true' })).toMatchObject({ PUSH_ALLOW_LOOPBACK_FOR_TESTS: true });
  expect(() => readServerConfig({ PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true', SITE_URL: 'https://www.se1plumbing.example' })).toThrow(
    'PUSH_ALLOW_LOOPBACK_FOR_TESTS is for tests alone: unset it on a site served over HTTPS (SITE_URL)',
  );
  // The old name is read no more: set on a live site, it now allows nothing.
  expect(readServerConfig({ PUSH_ALLOW_LOOPBACK: 'true', SITE_URL: 'https://www.se1plumbing.example' })).toMatchObject({ PUSH_ALLOW_LOOPBACK_FOR_TESTS: false });
});
