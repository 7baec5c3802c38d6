import type { SecretStore } from '../../domain/ports/secret-store';

/** The secrets a server keeps, in memory: the first value kept under a name is the one every caller gets. */
export class InMemorySecretStore implements SecretStore {
  readonly #values = new Map<string, string>();

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [name, value] of Object.entries(initial)) this.#values.set(name, value);
  }

  keepOnce(name: string, candidate: string): Promise<string> {
    const kept = this.#values.get(name);
    if (kept !== undefined) return Promise.resolve(kept);
    this.#values.set(name, candidate);
    return Promise.resolve(candidate);
  }

  /** What is kept under `name`, for a test to look at. */
  peek(name: string): string | undefined {
    return this.#values.get(name);
  }
}
