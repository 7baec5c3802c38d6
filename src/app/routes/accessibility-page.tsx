import { Link } from '@tanstack/react-router';
import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { PageHead } from '../../seo/page-head';
import { siteUrl } from '../site-url';

/** When this statement was written and last checked against the site; change both on each review. */
const prepared = { iso: '2026-11-26', text: '26 November 2026' };
const replyWorkingDays = 5;

const phoneLink = <a href={`tel:${business.phone.tel}`}>{business.phone.display}</a>;
const emailLink = <a href={`mailto:${business.email}`}>{business.email}</a>;

/**
 * The accessibility statement, in the shape of the GOV.UK sample statement: what it covers, how
 * accessible the site is, what we know does not work well, and how to tell us.
 */
export function AccessibilityPage() {
  return (
    <article className="container privacy-page accessibility-page" aria-labelledby="accessibility-title">
      <PageHead
        title={`${copy.accessibility.title} | ${business.name}`}
        description={`How accessible the ${business.name} website is, what we test, and how to tell us about a problem.`}
        path="/accessibility"
        siteUrl={siteUrl}
      />
      <h1 id="accessibility-title">{copy.accessibility.title}</h1>
      <p>
        This statement applies to the {business.name} website at {siteUrl.host}: the home page and its quote
        form, the privacy notice, this page, the private link each customer gets to their request, and the pages
        our staff use to answer quote requests.
      </p>
      <p>
        We want as many people as possible to be able to use this website. For example, that means you should be
        able to:
      </p>
      <ul>
        <li>change colours, contrast levels and fonts using your browser or device settings;</li>
        <li>zoom in up to 400% without the text spilling off the screen;</li>
        <li>use the whole website with a keyboard alone, or with speech recognition software;</li>
        <li>listen to the website with a screen reader;</li>
        <li>ask for a quote without JavaScript: the form works as a plain web form.</li>
      </ul>
      <p>We have also written the text as plainly as we can.</p>

      <h2>How accessible this website is</h2>
      <p>
        As far as we know, you can use every part of this website in the ways listed above. The few things that
        may work less well are listed under &ldquo;Known issues&rdquo; below.
      </p>

      <h2>Reporting accessibility problems with this website</h2>
      <p>
        If you find a problem that is not listed on this page, or you cannot use part of the website, please tell
        us. Email {emailLink} or call {phoneLink}. Say which page it was on and what happened. We will reply within{' '}
        {replyWorkingDays} working days.
      </p>
      <p>
        If you need to ask for a quote another way, call us on {phoneLink}: the emergency line answers{' '}
        {business.emergencyHours}.
      </p>

      <h2>Technical information about this website&rsquo;s accessibility</h2>
      <p>
        {business.name} is committed to making its website accessible. We follow the Web Content Accessibility
        Guidelines (WCAG) version 2.2, level AA, the standard UK public bodies are held to.
      </p>

      <h3>Compliance status</h3>
      <p>
        As far as we know, this website is fully compliant with the{' '}
        <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines version 2.2</a> AA standard.
      </p>

      <h3>Known issues</h3>
      <ul>
        <li>
          The date and time fields on the staff pages use your browser&rsquo;s own date and time pickers, so how they
          look and how a screen reader announces them depends on your browser.
        </li>
        <li>
          Photos customers send with a request are described by their number and sender (&ldquo;Photo 1 of 3&rdquo;),
          not by what they show: we cannot know that in advance.
        </li>
      </ul>

      <h2>How we test this website</h2>
      <ul>
        <li>
          Every change to the website runs our browser tests, which check the pages and their states (the quote form
          with its errors, the staff list, the settings) with axe, an automated checker, against WCAG 2.2 A and AA.
        </li>
        <li>
          The tests walk through the quote form, and through answering a request in the staff inbox, with the
          keyboard alone, checking that the focus is always visible and never lost.
        </li>
        <li>
          Buttons and form fields are at least 44 pixels tall, so they are easy to tap, and the tests check that
          every control on the home page is at least 24 by 24 pixels.
        </li>
      </ul>

      <h2>Preparation of this accessibility statement</h2>
      <p>
        This statement was prepared on <time dateTime={prepared.iso}>{prepared.text}</time>. It was last reviewed on{' '}
        <time dateTime={prepared.iso}>{prepared.text}</time>. The website was last tested on{' '}
        <time dateTime={prepared.iso}>{prepared.text}</time>, by our own team, with the checks above.
      </p>

      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </article>
  );
}
