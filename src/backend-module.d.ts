// '#backend' is resolved at build time to src/backends/<VITE_BACKEND>.ts (see vite.config.ts).
declare module '#backend' {
  export function createBackend(): import('./backends/backend').Backend;
}
