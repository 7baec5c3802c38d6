import fc from 'fast-check';
import { expect, test } from 'vitest';
import { describeLeadSource, leadChannel, type LeadSource } from './lead-channel';
import { readLeadSource } from './read-lead-source';
import { validateQuote } from './validate-quote';
import { cameFrom } from '../../fixtures/lead-sources';
import { referrerHostArb, utmArb } from '../../fixtures/quote-arbitraries.test-support';
import { sampleDraft } from '../../fixtures/sample-request.test-support';

const site = 'https://www.se1plumbing.example';

/** The channel of a request sent from `page` (on our site) reached from `referrer`, through the form's own rules. */
function channelOf(page: string, referrer: string): string {
  const result = validateQuote(sampleDraft(readLeadSource(new URL(page, site).href, referrer)));
  if (!result.ok) throw new Error('the sample request is refused');
  return leadChannel(result.quote);
}

// Referrers as browsers send them under the sites' own referrer policies (most send their origin only).
test.each([
  ['/?gclid=EAIaIQobChMI8s3x4Y2F_wIVQ4BQBh0qXw2BEAAYASAAEgL&utm_source=google', 'https://www.google.com/', 'Google Ads'],
  ['/?gclid=Cj0KCQjw', '', 'Google Ads'],
  ['/?utm_source=google&utm_medium=cpc&utm_campaign=boiler-repair-se1', 'https://www.google.co.uk/', 'Google Ads'],
  ['/?utm_source=bing&utm_medium=PPC', 'https://www.bing.com/', 'Google Ads'],
  ['/?utm_source=gbp&utm_medium=organic', 'https://www.google.com/', 'Google Business Profile'],
  ['/?utm_source=gbp&utm_medium=organic', '', 'Google Business Profile'],
  ['/?utm_source=GBP', 'https://maps.google.com/', 'Google Business Profile'],
  ['/', 'https://www.google.co.uk/', 'Organic search'],
  ['/', 'https://www.google.com/', 'Organic search'],
  ['/', 'https://www.bing.com/', 'Organic search'],
  ['/', 'https://duckduckgo.com/', 'Organic search'],
  ['/', 'https://uk.search.yahoo.com/', 'Organic search'],
  ['/', 'https://www.ecosia.org/', 'Organic search'],
  ['/', 'https://search.brave.com/', 'Organic search'],
  ['/', 'android-app://com.google.android.googlequicksearchbox/', 'Organic search'],
  ['/', 'https://l.facebook.com/', 'Social'],
  ['/', 'https://m.facebook.com/', 'Social'],
  ['/', 'https://www.instagram.com/', 'Social'],
  ['/', 'https://t.co/', 'Social'],
  ['/', 'https://x.com/', 'Social'],
  ['/', 'https://www.linkedin.com/', 'Social'],
  ['/', 'https://nextdoor.co.uk/', 'Social'],
  ['/?utm_source=facebook&utm_medium=social', '', 'Social'],
  ['/', 'https://www.london-se1.co.uk/directory/plumbers', 'Referral'],
  ['/', 'https://www.checkatrade.com/', 'Referral'],
  ['/?utm_source=newsletter', '', 'Referral'],
  ['/', '', 'Direct'],
  ['/?quote=submitted', '', 'Direct'],
  ['/', `${site}/privacy`, 'Direct'],
  ['/', 'https://www.se1plumbing.example/', 'Direct'],
])('sent from %s, reached from %j: %s', (page, referrer, channel) => {
  expect(channelOf(page, referrer)).toBe(channel);
});

test('the demo’s ways each land on the channel their name says', () => {
  const channels = {
    businessProfile: 'Google Business Profile',
    googleAds: 'Google Ads',
    adClickOnly: 'Google Ads',
    googleSearch: 'Organic search',
    bing: 'Organic search',
    duckDuckGo: 'Organic search',
    facebook: 'Social',
    nextdoor: 'Social',
    localSite: 'Referral',
    direct: 'Direct',
  } as const;
  for (const [way, channel] of Object.entries(channels)) expect(leadChannel(cameFrom(way as keyof typeof channels)), way).toBe(channel);
});

test('the visitor’s own answer is told beside the channel', () => {
  expect(describeLeadSource(cameFrom('googleSearch', 'recommendation'))).toBe('Organic search · said: A recommendation');
  expect(describeLeadSource(cameFrom('direct'))).toBe('Direct');
});

const sourceArb: fc.Arbitrary<LeadSource> = fc.record({
  referrerHost: fc.option(referrerHostArb, { nil: null }),
  utmSource: fc.option(fc.oneof(utmArb, fc.constantFrom('gbp', 'GBP', 'google', 'facebook')), { nil: null }),
  utmMedium: fc.option(fc.oneof(utmArb, fc.constantFrom('cpc', 'CPC', 'ppc', 'paid', 'organic')), { nil: null }),
  hasGclid: fc.boolean(),
});

test('a gclid always means Google Ads, whatever else is present', () => {
  fc.assert(fc.property(sourceArb, (source) => {
      expect(leadChannel({ ...source, hasGclid: true })).toBe('Google Ads');
    }));
});

test('a paid medium, in any case, means Google Ads, whatever else is present', () => {
  fc.assert(
    fc.property(sourceArb, fc.constantFrom('cpc', 'ppc', 'paid', 'CPC', 'Ppc'), (source, medium) => {
      expect(leadChannel({ ...source, utmMedium: medium })).toBe('Google Ads');
    }),
  );
});

test('without an ad click, utm_source=gbp means the Business Profile, whatever the referrer', () => {
  fc.assert(
    fc.property(sourceArb, fc.constantFrom('gbp', 'GBP', ' gbp '), (source, gbp) => {
      expect(leadChannel({ ...source, utmSource: gbp, utmMedium: 'organic', hasGclid: false })).toBe('Google Business Profile');
    }),
  );
});

test('nothing known is Direct; anything known is not', () => {
  expect(leadChannel({ referrerHost: null, utmSource: null, utmMedium: null, hasGclid: false })).toBe('Direct');
  fc.assert(
    fc.property(sourceArb, (source) => {
      fc.pre(source.referrerHost !== null || source.utmSource !== null || source.hasGclid);
      expect(leadChannel(source)).not.toBe('Direct');
    }),
  );
});

test('a referrer on our own host is moving about the site: Direct', () => {
  fc.assert(
    fc.property(fc.webUrl(), fc.webPath(), (ours, path) => {
      const page = new URL(ours);
      const source = readLeadSource(`${page.origin}/`, `${page.origin}${path.startsWith('/') ? path : `/${path}`}`);
      expect(source.referrerHost).toBe('');
    }),
  );
});

test('where a request came from never refuses it: anything in those parts is dropped or kept, and the request is stored', () => {
  fc.assert(
    fc.property(
      fc.record({ landingPage: fc.string(), referrerHost: fc.string(), utmSource: fc.string(), utmMedium: fc.string(), utmCampaign: fc.string() }),
      fc.anything(),
      (parts, hasGclid) => {
        const result = validateQuote({ ...sampleDraft(), ...parts, hasGclid });
        expect(result.ok).toBe(true);
      },
    ),
  );
});

test('each part is held to its rule: bad values are dropped, good ones kept as the rule writes them', () => {
  const keep = (parts: Record<string, unknown>) => {
    const result = validateQuote({ ...sampleDraft(), ...parts });
    if (!result.ok) throw new Error('refused');
    return result.quote;
  };
  expect(keep({ referrerHost: 'WWW.Google.CO.UK' }).referrerHost).toBe('www.google.co.uk');
  expect(keep({ referrerHost: 'https://www.google.com/search?q=plumber' }).referrerHost).toBeNull();
  expect(keep({ referrerHost: 'a'.repeat(254) }).referrerHost).toBeNull();
  expect(keep({ utmSource: 'gbp' }).utmSource).toBe('gbp');
  expect(keep({ utmCampaign: 'Spring Boilers 2026' }).utmCampaign).toBe('Spring Boilers 2026');
  expect(keep({ utmCampaign: '<script>' }).utmCampaign).toBeNull();
  expect(keep({ utmCampaign: 'x'.repeat(101) }).utmCampaign).toBeNull();
  expect(keep({ landingPage: '/?utm_source=gbp&gclid=abc&postcode=SE1+7PB&link=secret' }).landingPage).toBe('/?utm_source=gbp');
  expect(keep({ landingPage: '/?gclid=abc' }).landingPage).toBe('/');
  expect(keep({ landingPage: 'https://evil.example/' }).landingPage).toBeNull();
  expect(keep({ landingPage: '//evil.example/' }).landingPage).toBeNull();
  expect(keep({ landingPage: `/${'x'.repeat(300)}` }).landingPage).toBeNull();
  expect(keep({ hasGclid: 'yes' }).hasGclid).toBe(false);
  expect(keep({ heardFrom: 'leaflet' }).heardFrom).toBe('leaflet');
  expect(keep({ heardFrom: '' }).heardFrom).toBeNull();
});

test('the landing page keeps only campaign tags: no click id, postcode or link ever stays in it', () => {
  fc.assert(
    fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
      const source = readLeadSource(`${site}/${path.replace(/^\/+/, '')}?${query}&gclid=abc123`, '');
      expect(source.hasGclid).toBe(true);
      const [, kept = ''] = source.landingPage.split('?');
      for (const pair of kept.split('&').filter((part) => part !== '')) expect(pair.toLowerCase().startsWith('utm_')).toBe(true);
    }),
  );
});

test('the rules hold a kept value as it is: validating again changes nothing', () => {
  fc.assert(
    fc.property(fc.record({ referrerHost: fc.string(), utmSource: utmArb, landingPage: fc.webPath() }), (parts) => {
      const once = validateQuote({ ...sampleDraft(), ...parts });
      if (!once.ok) throw new Error('refused');
      const { referrerHost, utmSource, landingPage } = once.quote;
      const twice = validateQuote({ ...sampleDraft(), referrerHost: referrerHost ?? '', utmSource: utmSource ?? '', landingPage: landingPage ?? '' });
      expect(twice).toMatchObject({ ok: true, quote: { referrerHost, utmSource, landingPage } });
    }),
  );
});
