import type { FastifyRequest } from 'fastify';
import { mediaMessages } from '@knotwork/shared/schemas/media';
import { badRequest } from './http-error.ts';

/**
 * The one file of a multipart upload (field `file`), whole in memory: the media pipeline reads it all anyway.
 * 400 when the request is not multipart, has no file, or the file passed the upload size limit.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(mediaMessages.unreadable);
  const part = await request.file();
  if (!part) throw badRequest(mediaMessages.unreadable);
  const buffer = await part.toBuffer();
  if (part.file.truncated) throw badRequest(mediaMessages.tooLarge);
  return buffer;
}
