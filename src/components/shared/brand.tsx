import { Link } from '@tanstack/react-router';
import { business } from '../../../domain/business';
import { DropletIcon } from './icons';

/** The business's name with its mark, leading home: the start of every header, public or staff; named even where a narrow staff header shows the mark alone. */
export function Brand() {
  return (
    <Link to="/" className="brand" aria-label={business.name}>
      <DropletIcon className="brand-icon" />
      <span className="brand-name">{business.name}</span>
    </Link>
  );
}
