import { hydrateIslands } from './hydrate-islands';

// The home page's script. The page arrived whole as HTML, and reads and works without scripts (its
// links are plain links, its form posts to the server). On our server the page loads this, with
// every chunk it imports, only once the visitor first acts on it (src/render/interaction-loader.ts),
// so by the time it runs they are waiting for it: it hydrates the islands at once.
hydrateIslands();
