import type { Logger, Notifier, QuoteRepository } from '../../domain/ports';
import type { StaffAuth } from '../../domain/staff';

/** The ports one backend provides; each file beside this one builds them for one VITE_BACKEND. */
export interface Backend {
  quotes: QuoteRepository;
  notifier: Notifier;
  logger: Logger;
  staffAuth: StaffAuth;
  /** Where the quote form posts when scripts are off, for a backend with a server to receive it. */
  quoteFormAction?: string;
}
