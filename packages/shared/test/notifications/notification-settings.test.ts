import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultNotificationSettings,
  kindChannels,
  mergeNotificationSettings,
  notificationChannels,
  notificationKindOfType,
  notificationKinds,
  notificationSettingsBodySchema,
} from '../../src/schemas/notification-settings.ts';
import { notificationTypes } from '../../src/schemas/notifications.ts';

describe('notification settings (decision 075)', () => {
  it('every notification type belongs to a kind that uses the bell and push', () => {
    for (const type of notificationTypes) {
      const kind = notificationKindOfType[type];
      expect(notificationKinds).toContain(kind);
      expect(kindChannels[kind]).toEqual(expect.arrayContaining(['push', 'inApp']));
    }
  });

  it('merging keeps every boolean a person set and fills the rest with "on", whatever was stored', () => {
    const switchArb = fc.dictionary(
      fc.constantFrom(...notificationChannels, 'sms'),
      fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
    );
    const storedArb = fc.oneof(
      fc.dictionary(
        fc.constantFrom(...notificationKinds, 'other'),
        fc.oneof(switchArb, fc.string(), fc.constant(null)),
      ),
      fc.constant(null),
      fc.string(),
    );
    fc.assert(
      fc.property(storedArb, (stored) => {
        const merged = mergeNotificationSettings(stored);
        expect(notificationSettingsBodySchema.safeParse({ settings: merged }).success).toBe(true);
        for (const kind of notificationKinds)
          for (const channel of notificationChannels) {
            const given = (stored as Record<string, Record<string, unknown> | undefined> | null)?.[kind]?.[
              channel
            ];
            expect(merged[kind][channel]).toBe(typeof given === 'boolean' ? given : true);
          }
      }),
    );
  });

  it('the schema wants every kind and channel, booleans only, nothing more', () => {
    const ok = defaultNotificationSettings();
    expect(notificationSettingsBodySchema.safeParse({ settings: ok }).success).toBe(true);
    const { messages: _m, ...short } = ok;
    for (const settings of [short, { ...ok, outbid: { ...ok.outbid, email: 1 } }, { ...ok, news: ok.outbid }])
      expect(notificationSettingsBodySchema.safeParse({ settings }).success).toBe(false);
  });
});
