import { business, serviceArea } from '../../domain/business';
import { absoluteUrl, shareImage } from './site-assets';

/** The site's web app manifest, which every page but the staff inbox's links to. */
const siteManifest = '/manifest.webmanifest';

const postcodeArea = business.postcodeArea;
const neighbourhood = serviceArea.districts[0].neighbourhoods[0];

/**
 * The home page's title and description, written for what people type when they need us: "plumber
 * SE1", "emergency plumber London Bridge". Search results show about 60 characters of a title and
 * 155 of a description.
 */
export const homeHead = {
  title: `Plumber ${postcodeArea} | ${business.emergencyHours} Emergency Plumber ${neighbourhood}`,
  description:
    `${business.emergencyHours} emergency plumber in ${neighbourhood} and across ${postcodeArea}. ` +
    `Local engineers for leaks, boilers, heating and bathrooms. Free quotes – call ${business.phone.display}.`,
} as const;

const shareImageAlt = `${business.name}: plumbing and heating in ${postcodeArea}, ${business.locality}. ${business.emergencyHours} emergency line ${business.phone.display}.`;

interface PageHeadProps {
  title: string;
  description: string;
  /**
   * The page's own path, such as "/" or "/privacy"; its full address becomes the canonical one.
   * Left out on pages with no address of their own, such as "page not found".
   */
  path?: string;
  siteUrl: URL;
  /** For pages that should stay out of search results. */
  noindex?: boolean;
  /** The web app a phone installs from this page: the site's, unless the page is an app of its own. */
  manifest?: string;
}

/**
 * What search engines and link previews read about a page. React places these elements in the
 * document's <head> wherever the component is rendered, on the server as in the browser.
 */
export function PageHead({ title, description, path, siteUrl, noindex = false, manifest = siteManifest }: PageHeadProps) {
  const url = path === undefined ? undefined : absoluteUrl(siteUrl, path);
  const image = absoluteUrl(siteUrl, shareImage.path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url !== undefined && <link rel="canonical" href={url} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="manifest" href={manifest} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={business.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url !== undefined && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content={shareImage.type} />
      <meta property="og:image:width" content={String(shareImage.width)} />
      <meta property="og:image:height" content={String(shareImage.height)} />
      <meta property="og:image:alt" content={shareImageAlt} />
      <meta property="og:locale" content="en_GB" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={shareImageAlt} />
    </>
  );
}
