/** Thrown by a store that refuses more requests from this client for now. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests; try again in ${retryAfterSeconds} s`);
    this.name = 'RateLimited';
  }
}
