import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AbilitySubject } from '@knotwork/shared/abilities/staff';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../plugins/auth.ts';
import { readUploadedFile } from './upload.ts';

/** A Fastify instance whose routes validate and type with zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What a handler's `request.body` is for a body schema whose output is T (Fastify's own `UndefinedToUnknown`, which
 * it does not export). A helper that registers routes for several schemas types its callbacks' input with this, so
 * the compiler checks the body without a cast.
 */
export type RouteBody<T> = [T] extends [undefined] ? unknown : T;

/** The 4xx answers every staff route may give. */
export const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The signed-in staff member acting on a staff route (the guard has already refused anyone else). */
export const staffId = (request: FastifyRequest) => currentUser(request).userId;

/**
 * The options every staff route of one back-office area shares: its OpenAPI tag, the bearer security and the
 * ability the guard checks (decision 035). A route states only its summary and what differs (params, body,
 * response...); the schema keeps the key order the OpenAPI document was written with.
 */
export function staffRoutes(tag: string, subject: AbilitySubject) {
  const common = { tags: [tag], security: [{ bearerAuth: [] }] };
  const as =
    (action: 'read' | 'manage') =>
    <S extends FastifySchema>(summary: string, schema: S) => ({
      config: { ability: [action, subject] as const },
      schema: { ...common, summary, ...schema },
    });
  return { read: as('read'), manage: as('manage') };
}
export type StaffRoutes = ReturnType<typeof staffRoutes>;

/**
 * A staff route that takes one picture for the record at `:id` (multipart/form-data, one `file`): it reads the
 * upload (400 when unreadable or too large), hands the bytes to `save` (which ingests them through the media
 * pipeline, 413/415 from there, and records the staff action) and answers `{ message, data }`.
 */
export function staffImageUploadRoute<D>(
  app: ZodApp,
  url: string,
  options: {
    routes: StaffRoutes;
    summary: string;
    response: z.ZodType<unknown, { message?: string; data: D }>;
    message: string;
    save: (staffId: string, id: string, file: Buffer) => Promise<D>;
  },
) {
  const { routes, summary, response, message, save } = options;
  app.post(
    url,
    routes.manage(summary, {
      consumes: ['multipart/form-data'],
      params: adminIdParamSchema,
      response: { 200: response, ...staffErrors, 413: errorResponseSchema, 415: errorResponseSchema },
    }),
    async (request) => {
      const file = await readUploadedFile(request);
      return { message, data: await save(staffId(request), request.params.id, file) };
    },
  );
}
