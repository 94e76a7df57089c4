import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('contact us', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAIL: 'specialists@knotwork.test', RATE_LIMIT_SCALE: '0.6' });
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/contactus', payload, remoteAddress: ip });
  const good = {
    name: '  Layla Qashqai ',
    email: 'layla@example.com',
    mobile_number: '+441234567890',
    message: 'Is lot 12 still <available>?',
  };

  it('stores the message, notifies staff and thanks the sender', async () => {
    const res = await send(good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: apiMessages.contactReceived });
    const rows = await t.database.query<{
      name: string;
      mobile_number: string;
      message: string;
      user_id: string | null;
    }>('select name, mobile_number, message, user_id from contact_messages');
    expect(rows).toEqual([
      {
        name: 'Layla Qashqai',
        mobile_number: '+441234567890',
        message: 'Is lot 12 still <available>?',
        user_id: null,
      },
    ]);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('specialists@knotwork.test');
    expect(mail.subject).toBe('New enquiry from Layla Qashqai');
    expect(mail.text).toContain('Is lot 12 still <available>?');
    expect(mail.html).toContain('Is lot 12 still &lt;available&gt;?');
  });

  it.each([
    [{ ...good, name: ' ' }, 'name', v.nameRequired],
    [{ ...good, email: undefined }, 'email', v.emailRequired],
    [{ ...good, email: 'layla' }, 'email', v.contactEmailInvalid],
    [{ ...good, mobile_number: '' }, 'mobile_number', v.phoneRequired],
    [{ ...good, mobile_number: '12345' }, 'mobile_number', v.phoneInvalid],
    [{ ...good, mobile_number: '+12 3456 7890' }, 'mobile_number', v.phoneInvalid],
    [{ ...good, message: '   ' }, 'message', v.messageRequired],
    [{ ...good, message: 'x'.repeat(251) }, 'message', v.messageMax],
  ])('refuses bad input %#', async (payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('rate-limits per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send({ ...good, email: `other${i}@example.com` }, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
