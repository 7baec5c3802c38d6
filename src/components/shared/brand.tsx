import { Link } from '@tanstack/react-router';
import { business } from '../../../domain/business';
import { DropletIcon } from './icons';

/** The business's name with its mark, leading home: the start of every header, public or staff. */
export function Brand() {
  return (
    <Link to="/" className="brand">
      <DropletIcon className="brand-icon" />
      <span className="brand-name">{business.name}</span>
    </Link>
  );
}
