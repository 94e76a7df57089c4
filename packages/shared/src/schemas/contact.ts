import { z } from 'zod';
import { textField } from './text.ts';
import { CONTACT_MESSAGE_COUNTER, NAME_MAX, PHONE_PATTERN } from '../constants/limits.ts';
import { validationMessages as m } from '../messages/validation.ts';
import { requiredString } from './common.ts';

export const contactSchema = z
  .object({
    name: requiredString(m.nameRequired).max(NAME_MAX, m.nameMax),
    email: textField({ error: m.emailRequired })
      .trim()
      .min(1, m.emailRequired)
      .max(254, m.contactEmailInvalid)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, m.contactEmailInvalid),
    mobile_number: requiredString(m.phoneRequired).regex(PHONE_PATTERN, m.phoneInvalid),
    message: requiredString(m.messageRequired).max(CONTACT_MESSAGE_COUNTER, m.messageMax),
  })
  .meta({ id: 'ContactRequest' });
export type ContactInput = z.infer<typeof contactSchema>;
