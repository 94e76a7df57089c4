import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, paymentMessages } from '../../src/schemas/payments.ts';
import { recordBankTransferSchema } from '../../src/schemas/orders-staff.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('checkout request (form, route and OpenAPI)', () => {
  it('needs an address for the courier, none for collection', () => {
    expect(checkoutRequestSchema.safeParse({ orderIds: [id(1)], shippingMethod: 'collect' }).success).toBe(
      true,
    );
    const courier = checkoutRequestSchema.safeParse({ orderIds: [id(1)], shippingMethod: 'courier' });
    expect(courier.success).toBe(false);
    expect(courier.error?.issues[0]).toMatchObject({
      path: ['addressId'],
      message: paymentMessages.addressRequired,
    });
  });

  it('refuses no orders, duplicates, more than 20, and any amount from the client', () => {
    const bad = (v: unknown) => checkoutRequestSchema.safeParse(v).success;
    expect(bad({ orderIds: [], shippingMethod: 'collect' })).toBe(false);
    expect(bad({ orderIds: [id(1), id(1).toUpperCase()], shippingMethod: 'collect' })).toBe(false);
    expect(bad({ orderIds: Array.from({ length: 21 }, (_, i) => id(i)), shippingMethod: 'collect' })).toBe(
      false,
    );
    expect(bad({ orderIds: [id(1)], shippingMethod: 'collect', total: 100 })).toBe(false);
    expect(bad({ orderIds: [id(1)], shippingMethod: 'drone' })).toBe(false);
  });

  it('normalises a bank-transfer record: reference and currency upper case', () => {
    expect(
      recordBankTransferSchema.parse({ reference: ' kw-ab23cd ', amount: 100, currency: 'usd' }),
    ).toEqual({
      reference: 'KW-AB23CD',
      amount: 100,
      currency: 'USD',
    });
    expect(
      recordBankTransferSchema.safeParse({ reference: 'KW-1', amount: 100, currency: 'USD' }).success,
    ).toBe(false);
    expect(
      recordBankTransferSchema.safeParse({ reference: 'KW-AB23CD', amount: 1.5, currency: 'USD' }).success,
    ).toBe(false);
  });
});
