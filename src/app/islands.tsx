import type { ReactElement } from 'react';
import { CoverCheck } from '../components/site/cover-check';
import { QuoteForm } from '../components/site/quote-form';
import { Toaster } from '../components/shared/toaster';

/**
 * The parts of a page that need scripts to do their work. Everything else the server sends as HTML
 * that needs none, so the home page hydrates only these, each as its own React root, and a visitor
 * there never downloads the router.
 */
export const islands = {
  'quote-form': () => <QuoteForm labelledBy="quote-title" />,
  'cover-check': () => <CoverCheck />,
  toaster: () => <Toaster />,
} as const satisfies Record<string, () => ReactElement>;

type IslandName = keyof typeof islands;

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islands, name);
}

/** One island, marked so the home page's script finds it; inside the router it is just its part. */
export function Island({ name }: { name: IslandName }) {
  const Part = islands[name];
  return (
    <div data-island={name} className="island">
      <Part />
    </div>
  );
}
