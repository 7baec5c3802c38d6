// What the build writes into the code (see `define` in vite.config.ts).
interface ImportMetaEnv {
  /** The site's public address, like https://www.example.co.uk/: SITE_URL, or the business's own. */
  readonly SITE_URL: string;
}
