import { expect, test } from 'vitest';
import { sqlDialects } from './scratch-database.test-support';
import { storesOver, withAlertStores } from './sql-alert-store.test-support';

for (const dialect of sqlDialects) {
  test(`${dialect}: keepOnce keeps the first value under a name and gives it back ever after`, async () => {
    await withAlertStores(dialect, async ({ secrets }) => {
      expect(await secrets.keepOnce('vapid-keys', 'first')).toBe('first');
      expect(await secrets.keepOnce('vapid-keys', 'second')).toBe('first');
      expect(await secrets.keepOnce('take-token-key', 'other')).toBe('other');
      expect(await secrets.keepOnce('vapid-keys', 'third')).toBe('first');
    });
  });
}

test('postgres: servers starting together all get the one value that was kept', async () => {
  await withAlertStores('postgres', async ({ scratch, clock }) => {
    const servers = Array.from({ length: 4 }, () => scratch.open());
    try {
      for (let round = 0; round < 5; round++) {
        const name = `secret-${round}`;
        const values = await Promise.all(servers.flatMap((server, index) => [0, 1].map((call) => storesOver(server, clock).secrets.keepOnce(name, `candidate-${index}-${call}`))));
        expect(new Set(values).size).toBe(1);
        expect(values[0]).toMatch(/^candidate-/);
      }
    } finally {
      await Promise.all(servers.map((server) => server.destroy()));
    }
  });
});
