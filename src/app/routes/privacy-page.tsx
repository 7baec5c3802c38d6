import { Link } from '@tanstack/react-router';
import { business, describeMinutes, responsePromise } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { defaultRetentionMonths } from '../../../domain/customer-data/retention';
import { PageHead } from '../../seo/page-head';
import { siteUrl } from '../site-url';

const phoneLink = <a href={`tel:${business.phone.tel}`}>{business.phone.display}</a>;

/** "24 months (2 years)", "18 months": a retention period as people say it. */
function describeMonths(months: number): string {
  if (months % 12 !== 0) return `${months} ${months === 1 ? 'month' : 'months'}`;
  const years = months / 12;
  return `${months} months (${years} ${years === 1 ? 'year' : 'years'})`;
}

const retention = describeMonths(defaultRetentionMonths);

/**
 * The privacy notice (UK GDPR articles 13 and 14) for the one thing this site collects: quote
 * requests. Every figure comes from where the code enforces it, so the notice cannot drift from it.
 */
export function PrivacyPage() {
  return (
    <article className="container privacy-page" aria-labelledby="privacy-title">
      <PageHead
        title={`${copy.privacy.title} | ${business.name}`}
        description={`How ${business.name} uses the details you give when you ask for a quote, who sees them, and when we delete them.`}
        path="/privacy"
        siteUrl={siteUrl}
      />
      <h1 id="privacy-title">{copy.privacy.title}</h1>
      <p>
        This notice explains what we do with the details you give us when you ask for a quote, in plain
        English. The short version: we use them only to call you back about your request, only our own
        staff see them, and we delete them after {retention} at the latest.
      </p>

      <h2>Who we are</h2>
      <p>
        {business.name}, a plumbing and heating business serving {business.serviceArea}, London. We decide
        what happens to your details, which makes us the &ldquo;controller&rdquo; under UK data protection
        law. You can reach us about anything in this notice on {phoneLink}.
      </p>

      <h2>What we keep</h2>
      <p>When you send the quote form, we keep:</p>
      <ul>
        <li>your name and phone number;</li>
        <li>your email address, if you give one;</li>
        <li>your postcode, if you give one, to check we cover your area;</li>
        <li>the description of the job, if you write one;</li>
        <li>the type of service you chose, and whether you marked it as urgent;</li>
        <li>
          the photos of the job, if you send any: turned the right way up and saved again, so that they no
          longer hold where or when they were taken, or on what phone;
        </li>
        <li>how you heard about us, if you tell us;</li>
        <li>the date and time we received it.</li>
      </ul>
      <p>
        We also keep where your request came from, to know which of our advertising works: the page of this
        website you sent it from, with its campaign tags (the <code>utm_</code> labels in a link we placed,
        such as the one on our Google Business Profile); the name of the website that sent you here (only
        its name, such as www.google.co.uk, not the page or what you searched for); and whether you came by
        clicking one of our adverts (only that you did: not the advert click&rsquo;s own code). Your
        browser reads these from the page&rsquo;s own address as you send the form; without scripts, our
        server puts them into the form as it sends you the page. Nothing is stored on your device for this:
        no cookie, nothing in your browser&rsquo;s storage, and nothing follows you from one visit to another.
      </p>
      <p>
        To keep out junk sent by programs, each request is also checked when it arrives (for example,
        whether it came too quickly for a person to have typed it), and we keep the result with it. A
        request that looks like junk is set aside for our staff to check, never thrown away unread. If
        you gave an email address, we keep a scrambled form of it for a day, so that we send it at most
        one confirmation a day.
      </p>
      <p>
        After you send the form, you get a private link to your request, which only you are given. It
        shows what you asked for, where it stands and the messages you send us through it, and stops
        working 30 days after your request is closed.
      </p>
      <p>
        Once we have done the work, if you gave an email address, we email you two days later to ask for
        a review, whatever we think you would say, and once more a week after that if you have not
        followed its link; never again. We note when we asked, and whether the link was followed: it
        goes through our website for that, and the email has no hidden picture to tell us it was opened.
        Every such email has a link to stop them for good; we then keep a scrambled form of your address,
        so that we never ask it again. If you ask us to delete your details, we keep the same scrambled
        form, for the same reason.
      </p>
      <p>
        If you agree to it (you tell us, or press &ldquo;Remind me when my next service is due&rdquo;
        on your private page), we remember the yearly visit the work was: a boiler service or a landlord&rsquo;s
        gas safety check, the day it was done and when the next is due. About six weeks before then we send
        one plain email saying so, with a link to book, and one more two weeks later unless you booked; never
        more for that visit. Each email, your private page and a call to us stop them for good (we then keep
        a scrambled form of your address, so that we never remind it again), and so does asking us to
        delete your details. We keep it with your request, for as long as the request is kept.
      </p>
      <p>
        If we send you a priced quote, we keep it with your request: each version we sent, its prices and
        valid-until date, when it was sent, when you first opened it on your private page, and your answer
        (accepted, with whether you asked us to start within the cancellation period, or declined, with the
        reason if you gave one). Anyone holding your private link can read the quote and answer it, so
        please do not forward it. We keep it for as long as the request is kept.
      </p>
      <p>
        That is all. We do not ask for your street address on this website. Our server&rsquo;s log records which
        page was asked for and when, but not your details or anything you typed. The &ldquo;Do we cover
        you?&rdquo; check keeps nothing: your browser answers it, or without scripts our server answers it
        in the page it sends back, and the postcode is not stored or logged. To stop abuse, the server
        also counts, for a short while, how many requests arrive from each internet address, and then forgets
        the count; it is never kept with your request.
      </p>

      <h2>Why we keep it</h2>
      <p>
        Only to call you back with the quote you asked for: within {describeMinutes(responsePromise.urgentMinutes)}{' '}
        for urgent requests, within {describeMinutes(responsePromise.standardMinutes)} otherwise. The law lets us
        do this because you asked us to: it is a step you requested before any contract between us. Keeping
        the request afterwards, so that we can answer questions about the quote or the work we did, is in
        our legitimate interests, and you can object to it (see below). So is knowing where requests come
        from, so that we spend on the advertising that brings customers and stop what does not: we only
        count requests by where they came from, and never use it to contact you. Asking you, once, how
        we did is in our legitimate interests too, and you can say stop at any time. A yearly reminder is
        sent only because you agreed to it, and you can withdraw that at any time.
      </p>
      <p>
        You do not have to give us any details, but without a name and a phone number we cannot call you
        back. You can always phone us instead on {phoneLink}.
      </p>

      <h2>Who sees it</h2>
      <p>
        Only our own staff, who have to sign in to read quote requests or see their photos. The company that hosts our website
        and database, and any email provider we use to tell our staff that a request has arrived, handle your
        details for us as &ldquo;processors&rdquo;: they may use them only on our instructions and must keep
        them safe. Nobody else gets them.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Each request is deleted automatically {retention} after we receive it, with its photos. Our staff may delete it
        sooner, for example once the job is done, and will whenever you ask.
      </p>

      <h2>Cookies</h2>
      <p>
        Visitors get no cookies from us, and this website has no analytics or tracking scripts, and shows no
        adverts; where your request came from is read only as you send it (see above). It loads
        nothing from other websites, so no one else learns that you visited. Only our staff, when they sign
        in, get one cookie that keeps them signed in; it is needed for that and for nothing else.
      </p>

      <h2>What we never do</h2>
      <p>
        We never sell your details, share them for anyone else&rsquo;s marketing, or use them to send you
        marketing of our own.
      </p>

      <h2>Your rights</h2>
      <p>Under UK data protection law you can ask us:</p>
      <ul>
        <li>for a copy of the details we hold about you (access);</li>
        <li>to correct anything that is wrong (rectification);</li>
        <li>to delete your details (erasure);</li>
        <li>to stop using your details where we rely on our legitimate interests (objection).</li>
      </ul>
      <p>
        We will answer within one month, and it costs nothing. If you are unhappy with how we have handled
        your details, please tell us first, so we can put it right. You can also complain to the Information
        Commissioner&rsquo;s Office (ICO), the UK&rsquo;s data protection regulator, at{' '}
        <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a> or on 0303 123 1113.
      </p>

      <h2>Asking for a copy of your details, or for us to delete them</h2>
      <p>
        Call us on {phoneLink}, or just say so when we call you back, with the email address or phone number
        you gave. We find everything we hold under it (every request, our notes on it, the quotes we sent
        you and your answers, and the emails we sent about it) and send you a copy, or delete all of it at once and tell you when it is done. Emails
        already sent sit in your mailbox and ours, outside our systems: deleting your details deletes our
        copy of them, and you can delete yours.
      </p>

      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </article>
  );
}
