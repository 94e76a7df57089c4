import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminSettingsMessages as m,
  bankTransferSettingsSchema,
  houseSettingsResponseSchema,
  houseSettingsSavedResponseSchema,
  incrementSettingsSchema,
  premiumSettingsSchema,
  shippingSettingsSchema,
  houseIdentitySettingsSchema,
  settlementSettingsSchema,
  identitySettingsSchema,
  registrationSettingsSchema,
  type HouseSettings,
  catalogueConditionsSettingsSchema,
} from '@knotwork/shared/schemas/house-settings-staff';
import { strikeSettingsSchema } from '@knotwork/shared/schemas/strikes';
import { autopaySettingsSchema } from '@knotwork/shared/schemas/autopay';
import { depositSettingsSchema } from '@knotwork/shared/schemas/deposits';
import { telephoneSettingsSchema } from '@knotwork/shared/schemas/telephone-bids';
import { conditionReportSettingsSchema } from '@knotwork/shared/schemas/condition-reports';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';
import { type RouteBody } from '../../lib/staff-route.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { RouteDeps } from '../../route-deps.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const staff = { tags: ['staff: settings'], security: [{ bearerAuth: [] }] };

/**
 * The house's settings (issue 11, decision 064): accounts read them, admins change them. Each PUT replaces one
 * setting whole, audited (`update_settings`) in its transaction; checkouts, shipping quotes and new sales read the
 * new value at once, on every server process.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'settings'>> = (app, { settings }) => {
  app.get(
    '/settings',
    {
      config: { ability: ['read', 'settings'] },
      schema: {
        ...staff,
        summary: 'Bank-transfer instructions, shipping zones and rates, default increments and premium',
        description:
          '`changed` says which settings the house changed; the others are the install\u2019s defaults.',
        response: { 200: houseSettingsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await settings.get() }),
  );

  /**
   * One setting's PUT. Typed by the setting's value (not by the schema's own type) and saved by a function written
   * where the value's type is known, so the compiler checks the body against what `settings.set` takes.
   */
  const put = <V>(
    path: string,
    body: z.ZodType<V>,
    summary: string,
    save: (staffId: string, value: RouteBody<V>) => Promise<HouseSettings>,
  ) =>
    app.put(
      `/settings/${path}`,
      {
        config: { ability: ['manage', 'settings'] },
        schema: { ...staff, summary, body, response: { 200: houseSettingsSavedResponseSchema, ...errors } },
      },
      async (request) => ({ message: m.saved, data: await save(currentUser(request).userId, request.body) }),
    );

  put(
    'bank-transfer',
    bankTransferSettingsSchema,
    'Set what a buyer paying by bank transfer is told',
    (staffId, value) => settings.set(staffId, 'bank_transfer', value),
  );
  put(
    'shipping',
    shippingSettingsSchema,
    'Set the shipping zones: the home country, the European countries, and each zone\u2019s flat rate (cents)',
    (staffId, value) => settings.set(staffId, 'shipping', value),
  );
  put(
    'increments',
    incrementSettingsSchema,
    'Set the default increment table of new sales (existing sales keep theirs)',
    (staffId, value) => settings.set(staffId, 'increments', value),
  );
  put(
    'premium',
    premiumSettingsSchema,
    'Set the default buyer\u2019s premium of new sales (existing sales keep theirs)',
    (staffId, value) => settings.set(staffId, 'premium', value),
  );
  put(
    'house',
    houseIdentitySettingsSchema,
    'Set the house\u2019s name, address and tax number printed on invoices and packing slips',
    (staffId, value) => settings.set(staffId, 'house', value),
  );
  put(
    'settlements',
    settlementSettingsSchema,
    'Set the consignors\u2019 holding period (working days), the default consignment terms and the paying account',
    (staffId, value) => {
      // Transfers go through the house's Stripe account: without its keys the switch would only hold payouts.
      if (value.stripeConnect && !app.services.stripe)
        throw badRequest(m.stripeConnectNeedsKeys, { errors: { stripeConnect: m.stripeConnectNeedsKeys } });
      return settings.set(staffId, 'settlements', value);
    },
  );
  put(
    'registration',
    registrationSettingsSchema,
    'Set which registrations to bid are approved at once (the others wait for staff)',
    (staffId, value) => settings.set(staffId, 'registration', value),
  );
  put(
    'strikes',
    strikeSettingsSchema,
    'Set after how many strikes (orders unpaid past their due date) bidding is blocked; 0 never blocks',
    (staffId, value) => settings.set(staffId, 'strikes', value),
  );
  put(
    'deposits',
    depositSettingsSchema,
    'Set the deposit rules: the bidding limit a deposit gives (its multiple) and the low estimate from which a lot needs a deposit',
    (staffId, value) => settings.set(staffId, 'deposits', value),
  );
  put(
    'autopay',
    autopaySettingsSchema,
    'Set how long after the invoice a buyer\u2019s saved card is charged when they chose autopay: 0 (at once), 24 or 72 hours',
    (staffId, value) => settings.set(staffId, 'autopay', value),
  );
  put(
    'telephone',
    telephoneSettingsSchema,
    'Set telephone bidding in live sales: the lowest low estimate (cents) that takes lines, and lines per lot',
    (staffId, value) => settings.set(staffId, 'telephone', value),
  );
  put(
    'identity',
    identitySettingsSchema,
    'Set the identity check: the threshold and its currency, the period of purchases, the documents\u2019 retention',
    (staffId, value) => settings.set(staffId, 'identity', value),
  );
  put(
    'condition-reports',
    conditionReportSettingsSchema,
    'Set how many hours the house promises to answer a condition report request within (new requests take it)',
    (staffId, value) => settings.set(staffId, 'condition_reports', value),
  );
  put(
    'catalogue-conditions',
    catalogueConditionsSettingsSchema,
    'Set the conditions of sale printed in catalogues, per language; an empty language prints the standard summary',
    (staffId, value) => settings.set(staffId, 'catalogue_conditions', value),
  );
  return Promise.resolve();
};
export default routes;
