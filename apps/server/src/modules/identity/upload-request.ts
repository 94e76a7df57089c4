import type { FastifyRequest } from 'fastify';
import { identityMessages as m } from '@knotwork/shared/messages/identity';
import { IDENTITY_DOCUMENT_MAX_BYTES } from '@knotwork/shared/schemas/identity';
import { badRequest } from '../../lib/http-error.ts';

const FILE_FIELD = 'document';

/**
 * Reads POST /identity/document (multipart/form-data): the `kind` field and one file, `document`, read up to the size
 * limit (a larger one is refused as soon as the limit is passed, not after the whole body arrived).
 */
export async function readIdentityUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; file?: Buffer }> {
  const refuse = (message: string, field = FILE_FIELD) =>
    badRequest(message, { errors: { [field]: message } });
  if (!request.isMultipart()) throw refuse(m.documentRequired);
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IDENTITY_DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 200 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD || file) {
          part.file.resume();
          throw refuse(m.unexpectedFile, part.fieldname);
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw refuse(m.documentTooLarge);
        if (buffer.length > 0) file = buffer;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(m.documentTooLarge);
    if (code === 'FST_FILES_LIMIT') throw refuse(m.unexpectedFile);
    throw err;
  }
  return file ? { fields, file } : { fields };
}
