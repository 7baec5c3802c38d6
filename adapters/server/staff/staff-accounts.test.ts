import { expect, test } from 'vitest';
import { SqlStaffStore } from '../../sql/sql-staff-store';
import { verifyPassword } from './passwords';
import { firstStaffEmail, provisionStaffAccounts, saveStaffAccount } from './staff-accounts';
import { databases } from '../test-server.test-support';

async function withStore(run: (store: SqlStaffStore) => Promise<void>) {
  const { db, drop } = await databases.sqlite();
  try {
    await run(new SqlStaffStore(db));
  } finally {
    await db.destroy();
    await drop();
  }
}

test('a first start with no staff account makes one, prints its password once, and says how to change it', async () => {
  await withStore(async (store) => {
    const printed: string[] = [];
    await provisionStaffAccounts(store, {}, (message) => printed.push(message));
    await provisionStaffAccounts(store, {}, (message) => printed.push(message));

    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(printed[0]).toContain('npm run staff -- add');
    expect(await store.listAccounts()).toEqual([firstStaffEmail]);
    expect(await verifyPassword(await store.findPasswordHash(firstStaffEmail), password)).toBe(true);
  });
});

test('STAFF_EMAIL and STAFF_PASSWORD create the account, then update its password', async () => {
  await withStore(async (store) => {
    const print = () => undefined;
    await provisionStaffAccounts(store, { STAFF_EMAIL: 'Owner@Example.co.uk', STAFF_PASSWORD: 'first long password' }, print);
    await provisionStaffAccounts(store, { STAFF_EMAIL: 'owner@example.co.uk', STAFF_PASSWORD: 'second long password' }, print);

    expect(await store.listAccounts()).toEqual(['owner@example.co.uk']);
    const hash = await store.findPasswordHash('owner@example.co.uk');
    expect(await verifyPassword(hash, 'second long password')).toBe(true);
    expect(await verifyPassword(hash, 'first long password')).toBe(false);
  });
});

test('a weak password, a bad email, or only one of the two variables is refused with a message naming it', async () => {
  await withStore(async (store) => {
    await expect(saveStaffAccount(store, 'owner@example.co.uk', 'short')).rejects.toThrow(/Staff password: .*at least 12/);
    await expect(saveStaffAccount(store, 'owner', 'a long enough password')).rejects.toThrow(/Staff email/);
    await expect(provisionStaffAccounts(store, { STAFF_EMAIL: 'owner@example.co.uk' }, () => undefined)).rejects.toThrow(
      /STAFF_EMAIL and STAFF_PASSWORD/,
    );
    expect(await store.listAccounts()).toEqual([]);
  });
});
