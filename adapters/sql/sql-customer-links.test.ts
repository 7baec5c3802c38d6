import { customerLinksContract } from '../contracts/customer-links.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { makeSqlStore } from './sql-store.test-support';

for (const dialect of sqlDialects) {
  customerLinksContract(`SqlCustomerLinks on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
}
