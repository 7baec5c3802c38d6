import { Link } from '@tanstack/react-router';
import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';

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
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <p>
            <a href={`tel:${business.phone.tel}`}>{business.phone.display}</a>
          </p>
          <p>{business.serviceArea}</p>
          <p>
            <Link to="/privacy">{copy.privacy.footerLink}</Link>
          </p>
          <p>
            <Link to="/quotes">Staff: quote requests</Link>
          </p>
        </section>
      </div>
      <p className="container copyright">
        © {copy.footer.copyrightYear} {business.name}. All rights reserved.
      </p>
    </footer>
  );
}
