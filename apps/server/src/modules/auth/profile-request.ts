import type { FastifyRequest } from 'fastify';
import { PROFILE_IMAGE_MAX_BYTES } from '@knotwork/shared/constants/limits';
import { apiMessages } from '@knotwork/shared/messages/api';
import { badRequest } from '../../lib/http-error.ts';

const FILE_FIELD = 'profileImage';

/**
 * Reads PUT /auth/profile as JSON or multipart/form-data. Multipart fields become plain strings (validated
 * afterwards with the shared schema); at most one file, `profileImage`, read up to the size limit.
 */
export async function readProfileRequest(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image?: Buffer }> {
  if (!request.isMultipart()) return { fields: (request.body as Record<string, unknown> | undefined) ?? {} };
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  const tooLarge = () =>
    badRequest(apiMessages.profileImageTooLarge, {
      errors: { [FILE_FIELD]: apiMessages.profileImageTooLarge },
    });
  try {
    for await (const part of request.parts({
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD || image) {
          part.file.resume();
          throw badRequest(apiMessages.profileImageUnexpectedFile, {
            errors: { [part.fieldname]: apiMessages.profileImageUnexpectedFile },
          });
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        // A form whose file input was left empty still sends an empty part: that is "no new picture".
        if (buffer.length > 0) image = buffer;
      } else if (typeof part.value === 'string') {
        // An empty password box means "not given", not "empty password".
        if (!(part.fieldname === 'current_password' && part.value === ''))
          fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT')
      throw badRequest(apiMessages.profileImageUnexpectedFile, {
        errors: { [FILE_FIELD]: apiMessages.profileImageUnexpectedFile },
      });
    throw err;
  }
  return image ? { fields, image } : { fields };
}
