import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  portalReofferListResponseSchema,
  portalReofferParamSchema,
  portalReofferResponseSchema,
  reofferMessages as m,
} from '@knotwork/shared/schemas/consignment-reoffers';
import { currentUser } from '../../plugins/auth.ts';

/**
 * The consignor's side of re-offers (issue 27 §2, decision 089), registered by the portal's routes: read the
 * proposals, accept or decline one. Another consignor's proposal answers 404, as one that does not exist.
 */
export function reofferPortalRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const service = app.services.reoffers;
  const errors = { 401: errorResponseSchema, 404: errorResponseSchema };
  const common = { preHandler: app.authenticate };
  const doc = { tags: ['consignor-portal'], security: [{ bearerAuth: [] }] };
  const answer = {
    200: portalReofferResponseSchema,
    400: errorResponseSchema,
    409: errorResponseSchema,
    ...errors,
  };

  app.get(
    '/consignor/reoffers',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'Proposals to offer my unsold rugs again, pending first, with the terms and the buy-in fee',
        response: { 200: portalReofferListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.portalList(currentUser(request).userId) }),
  );

  app.post(
    '/consignor/reoffers/:id/accept',
    {
      ...common,
      schema: {
        ...doc,
        summary:
          'Accept a re-offer: the rug goes into the sale on its terms (accepting again changes nothing)',
        description: 'A proposal the house withdrew or replaced, or one I declined, is a 409.',
        params: portalReofferParamSchema,
        response: answer,
      },
    },
    async (request) => ({
      message: m.reofferAccepted,
      data: await service.accept(currentUser(request).userId, request.params.id),
    }),
  );

  app.post(
    '/consignor/reoffers/:id/decline',
    {
      ...common,
      schema: {
        ...doc,
        summary:
          'Decline a re-offer: the house will arrange the rug’s return (declining again changes nothing)',
        params: portalReofferParamSchema,
        response: answer,
      },
    },
    async (request) => ({
      message: m.reofferDeclinedDone,
      data: await service.decline(currentUser(request).userId, request.params.id),
    }),
  );
}
