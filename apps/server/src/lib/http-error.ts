/**
 * A refusal the client should see: status 4xx, a message for the toast, and optionally a machine code,
 * per-field errors, or extra data (e.g. the OTP redirect of an unverified login).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: {
      code?: string;
      errors?: Record<string, string>;
      data?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: HttpError['extra']) => new HttpError(400, message, extra);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, extra?: HttpError['extra']) => new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: HttpError['extra']) => new HttpError(409, message, extra);
/** A 429 always says when to come back (sent as `Retry-After`, whole seconds, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
