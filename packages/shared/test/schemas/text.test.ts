import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../../src/messages/validation.ts';
import { adminAuctionCreateSchema, adminListQuerySchema } from '../../src/schemas/sales-staff.ts';
import { profileUpdateSchema, registerSchema } from '../../src/schemas/auth.ts';
import { idParamSchema } from '../../src/schemas/common.ts';
import { contactSchema } from '../../src/schemas/contact.ts';
import { rugFilterSchema } from '../../src/schemas/rug-filter.ts';
import { calendarDay, hasNoNul, isCalendarDay, textField } from '../../src/schemas/text.ts';

const NUL = 'Ada\u0000';
const firstMessage = (
  r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => r.error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('textField: NUL is refused first, with its own message', () => {
  it('refuses NUL anywhere in the text, and nothing else', () => {
    expect(hasNoNul('Ada Weaver')).toBe(true);
    expect(hasNoNul('\u0000')).toBe(false);
    expect(textField().safeParse('a\u0000b').error?.issues[0]?.message).toBe(m.textNul);
    expect(textField().max(3).safeParse('abc').success).toBe(true);
  });

  it('applies to names, e-mail, contact, profile, sale titles, search and ids', () => {
    const account = { first_name: NUL, last_name: 'W', email: `a${NUL}@b.co`, password: `Kilim@2024${NUL}` };
    const reg = registerSchema.safeParse(account);
    for (const f of ['first_name', 'email', 'password']) expect(firstMessage(reg, f), f).toBe(m.textNul);
    expect(
      firstMessage(
        contactSchema.safeParse({ name: 'A', email: 'a@b.co', mobile_number: '+1 555 0100', message: NUL }),
        'message',
      ),
    ).toBe(m.textNul);
    expect(firstMessage(profileUpdateSchema.safeParse({ last_name: NUL }), 'last_name')).toBe(m.textNul);
    expect(firstMessage(adminAuctionCreateSchema.safeParse({ title: NUL }), 'title')).toBe(m.textNul);
    expect(firstMessage(adminListQuerySchema.safeParse({ q: NUL }), 'q')).toBe(m.textNul);
    expect(rugFilterSchema.safeParse({ q: NUL }).success).toBe(false);
    expect(firstMessage(idParamSchema.safeParse({ id: NUL }), 'id')).toBe(m.textNul);
  });
});

describe('calendar days', () => {
  it('takes a real day and refuses a pattern-shaped impossible one', () => {
    for (const ok of ['2026-02-28', '2028-02-29', '2026-12-31', '2026-01-01'])
      expect(isCalendarDay(ok), ok).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-31', '2026-13-01', '2026-00-10', '2026-1-01', '26-01-01', ''])
      expect(isCalendarDay(bad), bad).toBe(false);
    const day = calendarDay('Use a date');
    expect(day.safeParse('2026-04-31').success).toBe(false);
    expect(day.safeParse('2026-04-30').data).toBe('2026-04-30');
  });
});
