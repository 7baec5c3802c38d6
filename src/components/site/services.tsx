import { copy } from '../../../domain/copy';
import { BathIcon, DropletIcon, FlameIcon, RefreshIcon, ShieldIcon, WrenchIcon } from '../shared/icons';

type ServiceTitle = (typeof copy.services.cards)[number]['title'];

const icons: Record<ServiceTitle, typeof DropletIcon> = {
  'Emergency Plumbing': DropletIcon,
  'Heating Services': FlameIcon,
  'Bathroom Plumbing': BathIcon,
  'General Repairs': WrenchIcon,
  'Power Flushing': RefreshIcon,
  Maintenance: ShieldIcon,
};

export function Services() {
  return (
    <section className="services" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title" className="section-title">
          {copy.services.title}
        </h2>
        <p className="section-intro">Plumbing and heating work of every size, for homes and businesses in SE1.</p>
        <ul className="service-grid">
          {copy.services.cards.map(({ title, description, features }) => {
            const Icon = icons[title];
            return (
              <li key={title} className="card service-card">
                <Icon className="service-icon" />
                <h3>{title}</h3>
                <p>{description}</p>
                <ul className="feature-list">
                  {features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
