import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { pageFormToken } from '../../../adapters/memory/page-form-tokens';
import type { BackendModule } from './backend';

/** Demo mode: everything lives in the page, seeded with sample requests; nothing leaves the browser. */
export const backend: BackendModule = {
  demoStaff: demoStaffAccount,
  // No server fills the form's token in: the page's own is the time it opened (not signed: see PageFormTokens).
  formToken: () => Promise.resolve(pageFormToken(new Date())),
  load: async () => (await import('./memory-ports')).createPorts(),
};
