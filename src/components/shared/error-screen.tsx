import type { ErrorComponentProps } from '@tanstack/react-router';
import { copy } from '../../../domain/copy';

/** An HTTP-style error carries a status text; anything else is described by its message. */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'statusText' in error) {
    const { statusText } = error;
    if (typeof statusText === 'string' && statusText !== '') return statusText;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorScreen({ error }: Pick<ErrorComponentProps, 'error'>) {
  return (
    <section className="status-page" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">{copy.errorScreen.title}</h1>
      <p className="error-detail">{describeError(error)}</p>
      <a href="/" className="button button-primary">
        Return to Home
      </a>
    </section>
  );
}
