import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { ClockIcon, PhoneIcon } from '../shared/icons';
import { Brand } from '../shared/brand';
import { QuoteSectionLink } from './quote-section-link';

const telLink = `tel:${business.phone.tel}`;

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Brand />
        <div className="header-actions wide-only">
          <p className="header-note">
            <ClockIcon /> {copy.header.availability}
          </p>
          <a href={telLink} className="header-phone">
            <PhoneIcon /> {business.phone.display}
          </a>
          <QuoteSectionLink className="button button-accent">{copy.header.getQuote}</QuoteSectionLink>
        </div>
        <a href={telLink} className="button button-emergency narrow-only">
          <PhoneIcon /> {copy.header.callNow}
        </a>
      </div>
    </header>
  );
}
