import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import type { BackendModule } from './backend';

/** Demo mode: everything lives in the page, seeded with sample requests; nothing leaves the browser. */
export const backend: BackendModule = {
  demoStaff: demoStaffAccount,
  load: async () => (await import('./memory-ports')).createPorts(),
};
