import type { LinkProps } from '@tanstack/react-router';
import { expectTypeOf, test } from 'vitest';

test('links can only point at routes the site has', () => {
  expectTypeOf<'/'>().toExtend<NonNullable<LinkProps['to']>>();
  expectTypeOf<'/quotes'>().toExtend<NonNullable<LinkProps['to']>>();
  expectTypeOf<'/quotse'>().not.toExtend<NonNullable<LinkProps['to']>>();
});
