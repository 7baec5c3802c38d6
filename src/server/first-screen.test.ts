// @vitest-environment node
import { expect, test } from 'vitest';
import { firstScreen, framed } from './first-screen';

test('a frame fits its longest line, with every line padded to it', () => {
  expect(framed(['email:    staff@localhost', 'password: abc'])).toBe(
    ['┌───────────────────────────┐', '│ email:    staff@localhost │', '│ password: abc             │', '└───────────────────────────┘'].join('\n'),
  );
});

test('the first screen says where the site and the inbox are, and frames each notice', () => {
  const screen = firstScreen({
    name: 'SE1 Plumbing & Heating',
    url: 'http://127.0.0.1:3000',
    notices: ['No staff account existed, so one was made.\n  password: s3cret'],
  });
  expect(screen).toContain('│   The site:         http://127.0.0.1:3000/');
  expect(screen).toContain('The staff inbox:  http://127.0.0.1:3000/quotes');
  expect(screen).toMatch(/│ {3}password: s3cret +│/);
  expect(screen.split('\n').filter((line) => line.startsWith('┌'))).toHaveLength(2);
});
