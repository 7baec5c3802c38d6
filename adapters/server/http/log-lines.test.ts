import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { LogLines } from './log-lines';

test('the lines of one turn of the event loop go out in one write, in order, each ending its line', async () => {
  const writes: string[] = [];
  const lines = new LogLines((chunk) => writes.push(chunk));
  lines.add('{"path":"/"}');
  lines.add('{"path":"/privacy"}');
  expect(writes, 'nothing before the turn ends').toEqual([]);
  await nextTurn();
  expect(writes).toEqual(['{"path":"/"}\n{"path":"/privacy"}\n']);
  lines.add('{"path":"/quotes"}');
  await nextTurn();
  expect(writes).toEqual(['{"path":"/"}\n{"path":"/privacy"}\n', '{"path":"/quotes"}\n']);
});

test('flush writes what waits at once, and nothing when nothing waits', async () => {
  const writes: string[] = [];
  const lines = new LogLines((chunk) => writes.push(chunk));
  lines.flush();
  expect(writes).toEqual([]);
  lines.add('last words');
  lines.flush();
  expect(writes).toEqual(['last words\n']);
  await nextTurn();
  expect(writes).toEqual(['last words\n']);
});
