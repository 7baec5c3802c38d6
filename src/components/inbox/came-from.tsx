import { useEffect, useState } from 'react';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import type * as LeadChannel from '../../../domain/quote/lead-channel';

type ChannelRules = typeof LeadChannel;

/**
 * Where a request came from, among an opened card's details: the channel, what its sender said, and
 * the campaign. The channel's rules come with the first card opened, not with the inbox's first scripts.
 */
export function CameFrom({ quote }: { quote: InboxQuote }) {
  const [rules, setRules] = useState<ChannelRules>();
  useEffect(() => {
    void import('../../../domain/quote/lead-channel').then(setRules);
  }, []);
  if (rules === undefined) return null;
  return (
    <div>
      <dt>{rules.cameFromLabel}</dt>
      <dd>
        {rules.describeLeadSource(quote)}
        {quote.utmCampaign && <span className="quote-campaign"> ({quote.utmCampaign})</span>}
      </dd>
    </div>
  );
}
