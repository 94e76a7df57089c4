import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES, refuse } from '@knotwork/shared/bidding/refusals';
import { LIVE_REFUSAL_CODES } from '@knotwork/shared/schemas/live-sales';
import { DOMAIN_REFUSAL_CODES, GATE_CODES, refusal } from '@knotwork/shared/bidding/outcomes';
import {
  REFUSAL_STATUS,
  bidAnswer,
  buyNowAnswer,
  liveBidAnswer,
  refusalAnswer,
  valueOrThrow,
} from '../../src/lib/http-answers.ts';
import { HttpError } from '../../src/lib/http-error.ts';

describe('the lot services’ HTTP adapter', () => {
  it('gives every refusal code a 4xx status, never 500', () => {
    const all = [...REFUSAL_CODES, ...LIVE_REFUSAL_CODES, ...GATE_CODES];
    expect(new Set(DOMAIN_REFUSAL_CODES)).toEqual(new Set(all));
    expect(Object.keys(REFUSAL_STATUS).sort()).toEqual([...new Set(all)].sort());
    for (const code of all) {
      const status = REFUSAL_STATUS[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(500);
    }
  });

  it('answers every engine refusal with its status, message and code', () => {
    const amount = new Set(['BID_TOO_LOW', 'BID_NOT_WHOLE_UNIT', 'BID_TOO_HIGH', 'NOT_ABOVE_YOUR_MAX']);
    for (const code of REFUSAL_CODES) {
      const answer = refusalAnswer(refuse(code));
      const expected = amount.has(code) ? 422 : code === 'BID_NOT_FOUND' ? 404 : 409;
      expect(answer.statusCode, code).toBe(expected);
      expect(answer.body).toEqual({ message: refuse(code).message, code });
    }
    expect(refusalAnswer(refuse('BID_TOO_LOW', { nextMinimum: 12_000 })).body).toEqual({
      message: refuse('BID_TOO_LOW').message,
      code: 'BID_TOO_LOW',
      nextMinimum: 12_000,
    });
  });

  it('answers the live clerk’s refusals 409, a lot not in the sale 404, each with its message', () => {
    for (const code of LIVE_REFUSAL_CODES) {
      const answer = refusalAnswer(refusal(code));
      expect(answer.statusCode, code).toBe(code === 'LOT_NOT_IN_SALE' ? 404 : 409);
      expect((answer.body as { message: string }).message, code).toMatch(/\w/);
    }
  });

  it('keeps the gates’ statuses: 404 not found, 401 signed out, 403 staff and blocked, 422 reused key', () => {
    const status = (code: (typeof GATE_CODES)[number]) => refusalAnswer(refusal(code)).statusCode;
    expect(status('NOT_FOUND')).toBe(404);
    expect(status('SIGNED_OUT')).toBe(401);
    expect(status('STAFF_CANNOT_BID')).toBe(403);
    expect(status('BIDDING_BLOCKED')).toBe(403);
    expect(status('TRY_AGAIN')).toBe(409);
    expect(status('BID_ALREADY_VOIDED')).toBe(409);
    expect(liveBidAnswer({ kind: 'key_reused' })).toEqual({
      statusCode: 422,
      body: { message: refusal('IDEMPOTENCY_KEY_REUSED').message, code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(refusal('NOT_FOUND', 'Lot not found').message).toBe('Lot not found');
  });

  it('maps the bid, buy-now and live-bid outcomes through the same table', () => {
    expect(bidAnswer({ kind: 'staff' }).statusCode).toBe(403);
    expect(bidAnswer({ kind: 'blocked' }).statusCode).toBe(403);
    expect(bidAnswer({ kind: 'not_found' }).statusCode).toBe(404);
    expect(bidAnswer({ kind: 'busy' }).statusCode).toBe(409);
    expect(bidAnswer({ kind: 'key_reused' }).statusCode).toBe(422);
    expect(bidAnswer({ kind: 'refused', refusal: refuse('LOT_CLOSED') }).statusCode).toBe(409);
    expect(buyNowAnswer({ kind: 'not_for_sale' }).body).toMatchObject({ code: 'NOT_FOR_SALE' });
    expect(buyNowAnswer({ kind: 'rug_reserved' }).body).toMatchObject({ code: 'RUG_RESERVED' });
    const stored = { statusCode: 201, body: { message: 'stored' } };
    expect(bidAnswer({ kind: 'replayed', answer: stored })).toBe(stored);
    expect(liveBidAnswer({ kind: 'refused', refusal: refusal('ASK_CHANGED') }).statusCode).toBe(409);
  });

  it('throws a refused outcome as an HttpError with the same status and code', () => {
    expect(valueOrThrow({ ok: true, value: 7 })).toBe(7);
    try {
      valueOrThrow({ ok: false, refusal: refusal('LOT_NOT_IN_SALE') });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(404);
      expect((err as HttpError).extra.code).toBe('LOT_NOT_IN_SALE');
    }
  });
});
