/**
 * Values a server makes once and keeps (the VAPID keys, the key that signs "I'm on it" tokens), shared
 * by every server on one database. Every method rejects when the store cannot be reached.
 */
export interface SecretStore {
  /**
   * The value kept under `name`; if there is none yet, keeps `candidate` and returns it. Two servers
   * starting together both get the one value that was kept first.
   */
  keepOnce(name: string, candidate: string): Promise<string>;
}
