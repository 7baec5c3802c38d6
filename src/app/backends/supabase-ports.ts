import { SupabaseAlertSettings } from '../../../adapters/supabase/supabase-alert-settings';
import { createSupabaseClient, parseSupabaseConfig } from '../../../adapters/supabase/supabase-client';
import { SupabaseCustomerData } from '../../../adapters/supabase/supabase-customer-data';
import { SupabaseCustomerLink } from '../../../adapters/supabase/supabase-customer-link';
import { SupabaseNotifier } from '../../../adapters/supabase/supabase-notifier';
import { SupabasePhotoLinks, SupabasePhotoSender } from '../../../adapters/supabase/supabase-photos';
import { SupabaseQuoteInbox } from '../../../adapters/supabase/supabase-quote-inbox';
import { SupabaseQuoteRepository } from '../../../adapters/supabase/supabase-quote-repository';
import { SupabaseStaffAuth } from '../../../adapters/supabase/supabase-staff-auth';
import { CanvasPhotoProcessor } from '../photos/canvas-photo-processor';
import type { CustomerMessageAlert } from '../../../domain/ports/customer-link-store';
import type { Backend } from './backend';
import { customerLinksOver } from './customer-links';

/** The customer-link function runs the message's use case itself, alert included: the page has nothing more to tell. */
const toldByTheFunction: CustomerMessageAlert = { customerWrote: () => Promise.resolve() };

export function createPorts(): Backend {
  const client = createSupabaseClient(parseSupabaseConfig(import.meta.env));
  return {
    quotes: new SupabaseQuoteRepository({ client }),
    inbox: new SupabaseQuoteInbox({ client }),
    customerData: new SupabaseCustomerData({ client }),
    notifier: new SupabaseNotifier({ client }),
    logger: console,
    staffAuth: new SupabaseStaffAuth({ client }),
    alerts: new SupabaseAlertSettings({ client }),
    // No server of ours: the browser strips each photo's metadata before it is uploaded (018-photos-in-supabase.md).
    photos: { sender: new SupabasePhotoSender({ client, processor: new CanvasPhotoProcessor() }), links: new SupabasePhotoLinks({ client }) },
    // Through the customer-link function: the database is never opened to the public key. That
    // function also tells whoever is on call of a message about an urgent request.
    customerLinkActions: customerLinksOver({ links: new SupabaseCustomerLink({ client }), logger: console, alert: toldByTheFunction }),
  };
}
