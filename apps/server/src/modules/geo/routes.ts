import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  cityListResponseSchema,
  citiesQuerySchema,
  countryListResponseSchema,
  geoMessages,
  stateListResponseSchema,
  statesQuerySchema,
} from '@knotwork/shared/schemas/geo';
import { badRequest } from '../../lib/http-error.ts';
import { geoService } from './service.ts';

// Reference data that only changes with a package upgrade: browsers and CDNs may keep it for a day.
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * Countries, states and cities for address forms. A well-formed but unknown country (or state) is a
 * 400 with the field named in `errors`, not an empty list: an empty list means "this country has no
 * subdivisions", and the two must not look alike.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const geo = geoService();

  app.get(
    '/auth/countries',
    {
      schema: {
        tags: ['geo'],
        summary: 'Every country, by name, with its dialling code and flag',
        response: { 200: countryListResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return { data: await geo.countries() };
    },
  );

  app.get(
    '/auth/state',
    {
      schema: {
        tags: ['geo'],
        summary: "A country's states or other subdivisions, by name (empty when it has none)",
        querystring: statesQuerySchema,
        response: { 200: stateListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { country } = request.query;
      if (!(await geo.country(country))) {
        throw badRequest(geoMessages.countryUnknown, { errors: { country: geoMessages.countryUnknown } });
      }
      reply.header('cache-control', CACHE_CONTROL);
      return { data: await geo.states(country) };
    },
  );

  app.get(
    '/auth/cities',
    {
      schema: {
        tags: ['geo'],
        summary:
          'Cities of a state, or of a country that has no states; the list is a suggestion, not a rule',
        querystring: citiesQuerySchema,
        response: { 200: cityListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { country, state } = request.query;
      if (!(await geo.country(country))) {
        throw badRequest(geoMessages.countryUnknown, { errors: { country: geoMessages.countryUnknown } });
      }
      const hasStates = (await geo.states(country)).length > 0;
      if (state !== undefined && !(await geo.state(country, state))) {
        throw badRequest(geoMessages.stateUnknown, { errors: { state: geoMessages.stateUnknown } });
      }
      // A whole country's cities can be tens of thousands of names; where there are states, ask for one.
      if (state === undefined && hasStates) {
        throw badRequest(geoMessages.stateRequired, { errors: { state: geoMessages.stateRequired } });
      }
      reply.header('cache-control', CACHE_CONTROL);
      return { data: (await geo.cities(country, state)).map((name) => ({ name })) };
    },
  );
  return Promise.resolve();
};
export default routes;
