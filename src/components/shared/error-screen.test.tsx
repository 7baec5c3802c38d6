import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { describeError, ErrorScreen } from './error-screen';

test('the error screen names itself and shows the error message', () => {
  render(<ErrorScreen error={new Error('Route data could not be loaded')} />);

  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
  expect(screen.getByText('Route data could not be loaded')).toBeTruthy();
});

test('an error with a status text is described by it, otherwise by its message', () => {
  expect(describeError({ status: 503, statusText: 'Service Unavailable' })).toBe('Service Unavailable');
  expect(describeError(Object.assign(new Error('boom'), { statusText: '' }))).toBe('boom');
  expect(describeError(new TypeError('x is undefined'))).toBe('x is undefined');
  expect(describeError('plain text')).toBe('plain text');
});
