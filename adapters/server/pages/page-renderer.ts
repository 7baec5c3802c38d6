import type { PageState } from '../../http-api/page-state';

interface RenderedPage {
  html: string;
  /** 200, or 404 for a path the site does not have. */
  status: number;
}

/** Renders a page of the site to a whole HTML document, given what the server has to tell it. */
export interface PageRenderer {
  render(url: string, state: PageState): Promise<RenderedPage>;
}
