import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  adminExchangeRateListResponseSchema,
  adminExchangeRateResponseSchema,
  exchangeRateCurrencyParamSchema,
  exchangeRateInputSchema,
  exchangeRateMessages as m,
} from '@knotwork/shared/schemas/exchange-rates';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** Exchange rates in the back office's settings (decision 063): accounts read them, admins set them; audited. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const rates = app.services.exchangeRates;

  app.get(
    '/exchange-rates',
    {
      config: { ability: ['read', 'settings'] },
      schema: {
        ...staff,
        summary: 'Display exchange rates, with who set each and whether it is a demo figure',
        response: { 200: adminExchangeRateListResponseSchema, ...errors },
      },
    },
    async () => ({ data: { base: rates.base, rates: await rates.list() } }),
  );

  app.put(
    '/exchange-rates',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Set the rate of a currency: units of it per unit of the house currency, as decimal text',
        body: exchangeRateInputSchema,
        response: { 200: adminExchangeRateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.rateSaved,
      data: await rates.set(currentUser(request).userId, request.body),
    }),
  );

  app.delete(
    '/exchange-rates/:currency',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Delete the rate of a currency (its approximate prices are no longer shown)',
        params: exchangeRateCurrencyParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await rates.remove(currentUser(request).userId, request.params.currency);
      return { message: m.rateDeleted };
    },
  );
  return Promise.resolve();
};
export default routes;
