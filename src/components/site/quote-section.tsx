import { Link } from '@tanstack/react-router';
import { business, describeMinutes, responsePromise } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { Island } from '../../app/islands';
import { CheckIcon, MapPinIcon, PhoneIcon } from '../shared/icons';
import { GasCallFirst } from '../shared/gas-advice';
import { quoteSectionId } from './quote-section-id';

const reasons = [
  'Licensed and insured plumbing and heating engineers',
  'Free quotes with no hidden charges',
  'Competitive pricing in SE1',
  `Usually with you within ${describeMinutes(responsePromise.urgentMinutes)} in an emergency`,
  `Available ${business.openDays.toLowerCase()}, with a ${business.emergencyHours} emergency line`,
] as const;

export function QuoteSection() {
  return (
    <section id={quoteSectionId} className="quote-section" aria-labelledby="quote-title" tabIndex={-1}>
      <div className="container quote-grid">
        <div className="card form-card">
          <h2 id="quote-title">{copy.quoteSection.formTitle}</h2>
          <p className="card-intro">
            Tell us what you need and we will call you back with a free, no-obligation quote: within{' '}
            {describeMinutes(responsePromise.urgentMinutes)} for emergencies, within{' '}
            {describeMinutes(responsePromise.standardMinutes)} otherwise.
          </p>
          <Island name="toaster" />
          <Island name="quote-form" />
          <p className="form-privacy-note">
            {copy.privacy.formNote} <Link to="/privacy">{copy.privacy.formNoteLink}</Link>
          </p>
        </div>
        <aside className="quote-aside" aria-label="Other ways to reach us">
          <section className="card emergency-card" aria-labelledby="emergency-title">
            <h2 id="emergency-title">{business.emergencyHours} Emergency Line</h2>
            <p>Burst pipe, no heating or a leak you cannot stop? Call us now, day or night.</p>
            <a href={`tel:${business.phone.tel}`} className="emergency-phone">
              <PhoneIcon /> {business.phone.display}
            </a>
            <p className="emergency-gas">
              <GasCallFirst />
            </p>
            <p className="service-area">
              <MapPinIcon /> Service area: {copy.quoteSection.serviceArea}
            </p>
          </section>
          <section className="card" aria-labelledby="why-title">
            <h2 id="why-title">{copy.quoteSection.whyChooseUs}</h2>
            <ul className="reasons">
              {reasons.map((reason) => (
                <li key={reason}>
                  <CheckIcon className="reason-icon" /> {reason}
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </section>
  );
}
