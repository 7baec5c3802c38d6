import { Link } from '@tanstack/react-router';
import { business, closedDays } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { GasCallFirst } from '../shared/gas-advice';

const { company } = business;
const { registeredAddress } = company;
const closed = closedDays();

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{business.name}</h2>
          <p>
            Plumbing and heating for homes and businesses in {business.serviceArea}. Open{' '}
            {business.openDays.toLowerCase()}, with a {business.emergencyHours} emergency line.
          </p>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul>
            {copy.footer.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">Opening hours</h2>
          <dl className="footer-hours">
            {business.openingHours.map(({ label, opens, closes }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  {opens}–{closes}
                </dd>
              </div>
            ))}
            {closed.length > 0 && (
              <div>
                <dt>{closed.join(', ')}</dt>
                <dd>Closed</dd>
              </div>
            )}
            <div>
              <dt>Emergency line</dt>
              <dd>{business.emergencyHours}, every day</dd>
            </div>
          </dl>
          <p className="footer-note">{business.calloutCharge}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <p>
            <a href={`tel:${business.phone.tel}`}>{business.phone.display}</a>
          </p>
          <p>
            <GasCallFirst />
          </p>
          <p>
            <a href={`mailto:${business.email}`}>{business.email}</a>
          </p>
          <p>{business.serviceArea}</p>
          <p>
            <Link to="/privacy">{copy.privacy.footerLink}</Link>
          </p>
          <p>
            <Link to="/accessibility">{copy.accessibility.footerLink}</Link>
          </p>
          <p>
            <Link to="/quotes">Staff: quote requests</Link>
          </p>
        </section>
      </div>
      <div className="container footer-legal">
        <p className="company-details">
          {business.name} is a trading name of {company.registeredName}, registered in {company.registeredIn}, company
          number {company.companyNumber}. Registered office: {registeredAddress.streetAddress}, {registeredAddress.locality}{' '}
          {registeredAddress.postcode}.
        </p>
        <p className="copyright">
          © {copy.footer.copyrightYear} {business.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
