// '#backend' is resolved at build time to src/app/backends/<VITE_BACKEND>.ts (see vite.config.ts).
declare module '#backend' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient module cannot import a relative path
  export const backend: import('./backends/backend').BackendModule;
}
