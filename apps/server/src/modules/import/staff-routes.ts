import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  importJobResponseSchema,
  importLotsQuerySchema,
  importMessages as m,
  importPreviewResponseSchema,
} from '@knotwork/shared/schemas/import-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
};
const staff = { tags: ['staff: import'], security: [{ bearerAuth: [] }] };
/** The zip of photos may be large; the CSV of 5,000 rows is a few MB. */
const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
const multipartNote =
  'multipart/form-data: `file` (the CSV, UTF-8, first line names the columns) and, for rugs, an optional `zip` of photos.';

/** The CSV (`file`) and the optional zip of photos (`zip`) of a multipart upload; 400/413 otherwise. */
async function uploads(request: FastifyRequest): Promise<{ csv: Buffer; zip: Buffer | null }> {
  if (!request.isMultipart()) throw badRequest(m.csvRequired, { errors: { file: m.csvRequired } });
  let csv: Buffer | null = null;
  let zip: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { files: 2, fileSize: UPLOAD_MAX_BYTES, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname === 'zip') zip = buffer;
      else if (part.fieldname === 'file') csv = buffer;
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, m.zipTooLarge, { errors: { zip: m.zipTooLarge } });
    if (code.startsWith('FST_')) throw badRequest(m.csvUnreadable, { errors: { file: m.csvUnreadable } });
    throw err;
  }
  if (!csv?.length) throw badRequest(m.csvRequired, { errors: { file: m.csvRequired } });
  return { csv, zip: zip?.length ? zip : null };
}

/** Importing rugs (with photos) and lots from CSV (issue 11, decision 058). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const imports = app.services.imports;

  app.post(
    '/import/rugs/preview',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Check a CSV of rugs (and its zip of photos): every row with its errors; nothing is written',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { csv, zip } = await uploads(request);
      return { data: await imports.previewRugs(csv, zip) };
    },
  );

  app.post(
    '/import/rugs',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary:
          'Import a CSV of rugs: creates the new rows as drafts, in batches; poll the job for progress',
        description: `${multipartNote} Rows already imported (same reference, or same cells) are skipped; rows in error are reported.`,
        consumes: ['multipart/form-data'],
        response: { 202: importJobResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { csv, zip } = await uploads(request);
      const job = await imports.importRugs(currentUser(request).userId, csv, zip);
      return reply.code(202).send({ message: m.started, data: job });
    },
  );

  app.post(
    '/import/lots/preview',
    {
      config: { ability: ['manage', 'lot'] },
      schema: {
        ...staff,
        summary: 'Check a CSV of lots for a draft sale: every row with its errors; nothing is written',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        querystring: importLotsQuerySchema,
        response: { 200: importPreviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { csv } = await uploads(request);
      return { data: await imports.previewLots(request.query.auctionId, csv) };
    },
  );

  app.post(
    '/import/lots',
    {
      config: { ability: ['manage', 'lot'] },
      schema: {
        ...staff,
        summary: 'Import a CSV of lots into a draft sale, each through the add-lot rules; poll the job',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        querystring: importLotsQuerySchema,
        response: { 202: importJobResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { csv } = await uploads(request);
      const job = await imports.importLots(currentUser(request).userId, request.query.auctionId, csv);
      return reply.code(202).send({ message: m.started, data: job });
    },
  );

  app.get(
    '/import/jobs/:id',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'An import\u2019s progress (done of total), its counts and its rows in error',
        params: adminIdParamSchema,
        response: { 200: importJobResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await imports.job(request.params.id) }),
  );
  return Promise.resolve();
};
export default routes;
