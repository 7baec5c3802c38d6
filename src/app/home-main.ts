export {}; // a module: it awaits at its top level

// The home page's script. The page arrived whole as HTML, and reads and works without scripts (its
// links are plain links, its form posts to the server). The code that hydrates its islands is fetched
// once the page has painted, so on a slow connection it never delays the page itself.
const painted = new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  // A page opened in a background tab paints nothing until it is shown.
  setTimeout(resolve, 1000);
});
await painted;
const { hydrateIslands } = await import('./hydrate-islands');
hydrateIslands();
