import type { Notifier } from '../../domain/ports/notifier';

/**
 * The browser's side of notification in rest mode: there is nothing to send. The server tells the
 * business itself when it stores a request (through its transactional outbox), so a message from the
 * page would only duplicate it, and could be lost with a closed tab. Once `insert` has answered, the
 * notification is the server's job.
 */
export class ServerNotifier implements Notifier {
  quoteSubmitted(): Promise<void> {
    return Promise.resolve();
  }
}
