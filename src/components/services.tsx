import { copy } from '../../domain/copy';
import { BathIcon, DropletIcon, FlameIcon, RefreshIcon, ShieldIcon, WrenchIcon } from './icons';

const services = [
  {
    Icon: DropletIcon,
    title: 'Emergency Plumbing',
    description: 'A burst pipe or a leak you cannot stop does not wait for Monday, and neither do we.',
    features: ['Burst pipe repair', 'Leak detection', 'Emergency call-outs', 'Weekend service'],
  },
  {
    Icon: FlameIcon,
    title: 'Heating Services',
    description: 'Boilers and central heating repaired and serviced, so the house stays warm all winter.',
    features: ['Boiler repair', 'Central heating', 'Radiator service', 'Annual service'],
  },
  {
    Icon: BathIcon,
    title: 'Bathroom Plumbing',
    description: 'From a dripping tap to a new shower or a whole bathroom, fitted neatly and tested.',
    features: ['Shower installation', 'Toilet repairs', 'Tap replacement', 'Bathroom fitting'],
  },
  {
    Icon: WrenchIcon,
    title: 'General Repairs',
    description: 'The everyday jobs done properly: pipes, drains and taps that work as they should.',
    features: ['Pipe repairs', 'Drain cleaning', 'Tap repairs', 'Preventive maintenance'],
  },
  {
    Icon: RefreshIcon,
    title: 'Power Flushing',
    description: 'Sludge flushed out of the system so radiators heat evenly and the boiler works less.',
    features: ['System cleaning', 'Efficiency boost', 'Radiator flushing', 'Heating optimization'],
  },
  {
    Icon: ShieldIcon,
    title: 'Maintenance',
    description: 'Regular checks that catch small problems before they become emergencies.',
    features: ['Annual checks', 'Preventive care', 'System optimization', 'Safety inspections'],
  },
] as const;

export function Services() {
  return (
    <section className="services" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title" className="section-title">
          {copy.services.title}
        </h2>
        <p className="section-intro">Plumbing and heating work of every size, for homes and businesses in SE1.</p>
        <ul className="service-grid">
          {services.map(({ Icon, title, description, features }) => (
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
          ))}
        </ul>
      </div>
    </section>
  );
}
