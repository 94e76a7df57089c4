import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { summariseDbError, isDataException, databaseBusyKind } from '../lib/db-error.ts';
import { HttpError } from '../lib/http-error.ts';

/** What a 503 for a busy database tells the client: about one lock timeout's worth. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * One error shape for every failure: `{ message, code?, errors? }`. Validation errors map each field to
 * its first message (the same wording the forms show) and lead with the first one for the toast.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const { code, errors, data, retryAfterSeconds } = error.extra;
      if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(code ? { code } : {}),
        ...(errors ? { errors } : {}),
        ...(data !== undefined ? { data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        errors[field] ??= issue.message ?? apiMessages.validationFailed;
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ message: first ?? apiMessages.validationFailed, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: apiMessages.internal });
    }
    const busy = databaseBusyKind(error);
    if (busy) {
      // A lock, a statement, a pooled connection that did not come in time, or the pool's queue full: the
      // database is slow or locked, not broken; the client may come back (decision 080). Bids answer 409
      // TRY_AGAIN themselves before reaching here.
      app.ctx.database.busy.note(busy);
      request.log.warn({ dbBusy: busy, errName: error.name }, 'database busy: answered 503');
      void reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: apiMessages.databaseBusy, code: 'DATABASE_BUSY' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type, ...
      return reply.status(status).send({ message: friendlyFastifyMessage(error), code: error.code });
    }
    const db = summariseDbError(error);
    if (db) {
      // The query, its parameters and the driver's message can carry what users typed (names, addresses,
      // codes): only the SQLSTATE and names reach the log above debug level (issue 7).
      request.log.debug({ err: error }, 'database error (full)');
      if (isDataException(db)) {
        // Input the schemas let through but the database cannot hold: the caller's fault, not ours.
        request.log.warn({ dbError: db }, 'database refused the input');
        return reply.status(400).send({ message: apiMessages.badInput });
      }
      request.log.error({ dbError: db, errName: error.name }, 'database error');
      return reply.status(500).send({ message: apiMessages.internal });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: apiMessages.internal });
  });
}

function friendlyFastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    default:
      return error.message;
  }
}
