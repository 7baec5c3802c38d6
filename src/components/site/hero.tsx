import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { AwardIcon, BoltIcon, ClockIcon, PhoneIcon, ShieldIcon } from '../shared/icons';
import { QuoteSectionLink } from './quote-section-link';
import { GasCallFirst } from '../shared/gas-advice';

type HighlightTitle = (typeof copy.hero.highlights)[number]['title'];

const highlightIcons: Record<HighlightTitle, typeof ClockIcon> = {
  '24/7 Emergency': ClockIcon,
  'Fully Insured': ShieldIcon,
  'Expert Service': AwardIcon,
  'Quick Response': BoltIcon,
};

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <h1 id="hero-title">{copy.hero.headline}</h1>
          <p className="hero-text">
            Fast, reliable and affordable plumbing and heating solutions for homes and businesses. Available{' '}
            {business.openDays.toLowerCase()} for emergencies and routine maintenance.
          </p>
          <div className="hero-actions">
            <a href={`tel:${business.phone.tel}`} className="button button-emergency button-large">
              <PhoneIcon /> {copy.hero.emergencyCall}
            </a>
            <QuoteSectionLink className="button button-accent button-large">{copy.hero.getFreeQuote}</QuoteSectionLink>
          </div>
          <p className="hero-gas">
            <GasCallFirst />
          </p>
        </div>
        {/* The picture beside the words is the stylesheet's: decoration, drawn only where there is room. */}
        <div className="hero-picture" />
        <ul className="highlights">
          {copy.hero.highlights.map(({ title, text }) => {
            const Icon = highlightIcons[title];
            return (
              <li key={title} className="highlight">
                <Icon className="highlight-icon" />
                <h2>{title}</h2>
                <p>{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
