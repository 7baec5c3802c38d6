import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import { expectTypeOf, test } from 'vitest';
import type { InboxView, ServiceAreaFilter } from '../../../domain/inbox/inbox-query';
import type { ServiceType } from '../../../domain/quote/service-type';
import type { quotesRoute } from './quotes-route';

type Search = (typeof quotesRoute)['types']['fullSearchSchema'];
type SearchInput = (typeof quotesRoute)['types']['fullSearchSchemaInput'];

test('the inbox reads its filters from the address as parsed values, each optional', () => {
  expectTypeOf<Search>().toEqualTypeOf<{
    view?: InboxView | undefined;
    q?: string | undefined;
    service?: ServiceType | undefined;
    urgent?: boolean | undefined;
    area?: ServiceAreaFilter | undefined;
    from?: string | undefined;
    to?: string | undefined;
    id?: string | undefined;
  }>();
});

test('a link to /quotes may set a view and filters, and only ones the inbox knows', () => {
  expectTypeOf<{ view: 'won'; urgent: true }>().toExtend<SearchInput>();
  expectTypeOf<{ view: 'archived' }>().not.toExtend<SearchInput>();
  expectTypeOf<{ service: 'roofing' }>().not.toExtend<SearchInput>();
  expectTypeOf<{ to: '/quotes'; search: { view: 'lost' } }>().toExtend<ValidateLinkOptions<RegisteredRouter, { to: '/quotes'; search: { view: 'lost' } }>>();
});
