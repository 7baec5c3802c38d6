import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { business } from '../../../domain/business';
import { reviewCopy } from '../../../domain/reviews/review-copy';

// The page a review email's "Stop review emails" opens, on whichever host answers the API: plain HTML
// with one form, no script and no style of its own (the site's stylesheet is the pages' alone), so it
// works in any mail program's browser, with scripts off, and under the API's own host.

/** A small page of our own: the business's name, a heading, what to say, and what to do. */
export function plainPage(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${title} · ${business.name}</title>
  </head>
  <body>
    <header><p><a href="${business.siteUrl}">${business.name}</a></p></header>
    <main>
      <h1>${title}</h1>
      ${body}
    </main>
    <footer><p>${business.name} · <a href="tel:${business.phone.tel}">${business.phone.display}</a></p></footer>
  </body>
</html>`;
}

/** "Stop review emails?", with the one button that does it, posting back to the page's own address, whatever path the host serves it under. */
export const stopReviewsPage = () =>
  plainPage(
    reviewCopy.stopPage.title,
    html`<p>${reviewCopy.stopPage.lead}</p>
      <form method="post"><button type="submit">${reviewCopy.stopPage.confirm}</button></form>`,
  );

/** Done: this address is never asked again. */
export const reviewsStoppedPage = () => plainPage(reviewCopy.stopPage.doneTitle, html`<p>${reviewCopy.stopPage.done}</p>`);

/** A link that is not one of ours. */
export const unknownReviewLinkPage = () => plainPage(reviewCopy.stopPage.title, html`<p>${reviewCopy.stopPage.notFound}</p>`);
