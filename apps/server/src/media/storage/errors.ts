import { HttpError } from '../../lib/http-error.ts';

export const STORAGE_UNAVAILABLE_MESSAGE =
  'Picture storage is unavailable at the moment. Nothing was saved; please try again in a few minutes.';

/** The media store did not answer: a 503 for the client, with the cause kept for the log. */
export class StorageUnavailable extends HttpError {
  constructor(
    public readonly where: string,
    cause: unknown,
  ) {
    super(503, STORAGE_UNAVAILABLE_MESSAGE, { code: 'storage_unavailable' });
    this.cause = cause;
  }
}
