/**
 * The site's public address: SITE_URL when the site was built, or the business's own (see
 * vite.config.ts). Canonical links and the share image's address are made from it.
 */
export const siteUrl = new URL(import.meta.env.SITE_URL);
