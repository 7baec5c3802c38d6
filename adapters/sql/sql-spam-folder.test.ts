import { spamFolderContract } from '../contracts/spam-folder.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { makeSqlStore } from './sql-store.test-support';

for (const dialect of sqlDialects) {
  spamFolderContract(`SQL on ${dialect}`, ({ now, formTokens }) => makeSqlStore(dialect, { now, formTokens }));
}
