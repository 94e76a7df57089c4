import { errorResponseSchema } from '@knotwork/shared/schemas/common';

/** The error answers of the buyer's commerce routes (signed in; another's order or checkout is a 404). */
export const buyerErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  // IDENTITY_REQUIRED: paying above the identity threshold waits for an approved check (decision 093).
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
export const buyerRoute = { tags: ['payments'], security: [{ bearerAuth: [] }] };

/** The buyer's routes that call a payment provider: a provider that fails or cannot be reached is a 502. */
export const providerErrors = { ...buyerErrors, 502: errorResponseSchema };

/** The error answers of the staff commerce routes under /admin (staff only: 403 for anyone else). */
export const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
export const staffRoute = { tags: ['staff: orders'], security: [{ bearerAuth: [] }] };
