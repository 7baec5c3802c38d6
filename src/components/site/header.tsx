import { Link } from '@tanstack/react-router';
import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { ClockIcon, DropletIcon, PhoneIcon } from '../shared/icons';
import { QuoteSectionLink } from './quote-section-link';

const telLink = `tel:${business.phone.tel}`;

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand">
          <DropletIcon className="brand-icon" />
          <span className="brand-name">{business.name}</span>
        </Link>
        <div className="header-actions wide-only">
          <p className="header-note">
            <ClockIcon /> {copy.header.availability}
          </p>
          <a href={telLink} className="header-phone">
            <PhoneIcon /> {business.phone.display}
          </a>
          <QuoteSectionLink className="button button-primary">{copy.header.getQuote}</QuoteSectionLink>
        </div>
        <a href={telLink} className="button button-emergency narrow-only">
          <PhoneIcon /> {copy.header.callNow}
        </a>
      </div>
    </header>
  );
}
