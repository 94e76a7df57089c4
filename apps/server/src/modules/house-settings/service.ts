import { DEFAULT_INCREMENTS } from '@knotwork/shared/bidding/increments';
import { DEFAULT_WRITE_OFF_LIMIT } from '@knotwork/shared/payments/balance';
import {
  bankTransferSettingsSchema,
  incrementSettingsSchema,
  premiumSettingsSchema,
  shippingSettingsSchema,
  houseIdentitySettingsSchema,
  settlementSettingsSchema,
  identitySettingsSchema,
  DEFAULT_IDENTITY_SETTINGS,
  registrationSettingsSchema,
  DEFAULT_REGISTRATION_RULES,
  DEFAULT_CONSIGNMENT_TERMS,
  DEFAULT_SETTLEMENT_HOLDING_DAYS,
  catalogueConditionsSettingsSchema,
  DEFAULT_CATALOGUE_CONDITIONS,
  type HouseSettings,
  type SettingKey,
} from '@knotwork/shared/schemas/house-settings-staff';
import { DEFAULT_STRIKES_BEFORE_BLOCK, strikeSettingsSchema } from '@knotwork/shared/schemas/strikes';
import { DEFAULT_DEPOSIT_SETTINGS, depositSettingsSchema } from '@knotwork/shared/schemas/deposits';
import { DEFAULT_AUTOPAY_SETTINGS, autopaySettingsSchema } from '@knotwork/shared/schemas/autopay';
import { DEFAULT_TELEPHONE_SETTINGS, telephoneSettingsSchema } from '@knotwork/shared/schemas/telephone-bids';
import {
  DEFAULT_CONDITION_PROMISE_HOURS,
  conditionReportSettingsSchema,
} from '@knotwork/shared/schemas/condition-reports';
import { INTERNAL_CHANNEL, type ServerEvent } from '@knotwork/shared/realtime/events';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { DEFAULT_SHIPPING } from '../addresses/shipping.ts';
import { createSettingsRepository } from './repository.ts';

/** A backstop only: every change reaches every process over the bus at once; this bounds a missed message. */
const CACHE_TTL_MS = 60_000;

const schemas = {
  bank_transfer: bankTransferSettingsSchema,
  shipping: shippingSettingsSchema,
  increments: incrementSettingsSchema,
  premium: premiumSettingsSchema,
  house: houseIdentitySettingsSchema,
  settlements: settlementSettingsSchema,
  identity: identitySettingsSchema,
  registration: registrationSettingsSchema,
  strikes: strikeSettingsSchema,
  deposits: depositSettingsSchema,
  autopay: autopaySettingsSchema,
  telephone: telephoneSettingsSchema,
  condition_reports: conditionReportSettingsSchema,
  catalogue_conditions: catalogueConditionsSettingsSchema,
} as const;
const fields = {
  bank_transfer: 'bankTransfer',
  shipping: 'shipping',
  increments: 'increments',
  premium: 'premium',
  house: 'house',
  settlements: 'settlements',
  identity: 'identity',
  registration: 'registration',
  strikes: 'strikes',
  deposits: 'deposits',
  autopay: 'autopay',
  telephone: 'telephone',
  condition_reports: 'conditionReports',
  catalogue_conditions: 'catalogueConditions',
} as const;
export type SettingValue<K extends SettingKey> = HouseSettings[(typeof fields)[K]];

const isSettingsChange = (e: ServerEvent): e is ServerEvent<'settings.changed'> =>
  e.event === 'settings.changed';

/**
 * The house's settings (decision 064), read on every checkout, shipping quote and new sale, so cached in the
 * process. A change is written with its audit row in one transaction, then `settings.changed` goes over the live
 * bus (Redis between processes, like session revocations): every process drops its copy, including this one.
 * Keys the house never changed fall back to the install's defaults (env and constants), so an install that
 * never opens Settings behaves as before.
 */
export function createSettingsService(deps: {
  db: Db;
  bus: EventBus;
  bankTransferInstructions: string;
  log: { warn(obj: unknown, msg: string): void };
}) {
  const repo = createSettingsRepository(deps.db);
  const defaults: Omit<HouseSettings, 'changed'> = {
    bankTransfer: { instructions: deps.bankTransferInstructions, writeOffLimit: DEFAULT_WRITE_OFF_LIMIT },
    shipping: DEFAULT_SHIPPING,
    increments: { increments: DEFAULT_INCREMENTS.map((r) => ({ ...r })) },
    premium: { buyersPremiumPct: 25 },
    house: { name: 'Knotwork', address: '', taxNumber: '' },
    settlements: {
      holdingDays: DEFAULT_SETTLEMENT_HOLDING_DAYS,
      consignmentTerms: structuredClone(DEFAULT_CONSIGNMENT_TERMS),
      debtor: null,
      stripeConnect: false,
    },
    identity: { ...DEFAULT_IDENTITY_SETTINGS },
    registration: { ...DEFAULT_REGISTRATION_RULES },
    strikes: { blockAfter: DEFAULT_STRIKES_BEFORE_BLOCK },
    deposits: { ...DEFAULT_DEPOSIT_SETTINGS },
    autopay: { ...DEFAULT_AUTOPAY_SETTINGS },
    telephone: { ...DEFAULT_TELEPHONE_SETTINGS },
    conditionReports: { promiseHours: DEFAULT_CONDITION_PROMISE_HOURS },
    catalogueConditions: { ...DEFAULT_CATALOGUE_CONDITIONS },
  };
  let cached: { value: Promise<HouseSettings>; at: number } | undefined;
  // Bumped by every invalidation: a read that started before a change never stores what it read.
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    cached = undefined;
  };

  async function load(): Promise<HouseSettings> {
    const settings: HouseSettings = {
      ...structuredClone(defaults),
      changed: {
        bank_transfer: false,
        shipping: false,
        increments: false,
        premium: false,
        house: false,
        settlements: false,
        identity: false,
        registration: false,
        strikes: false,
        deposits: false,
        autopay: false,
        telephone: false,
        condition_reports: false,
        catalogue_conditions: false,
      },
    };
    for (const row of await repo.all()) {
      const parsed = schemas[row.key]?.safeParse(row.value);
      if (!parsed?.success) {
        deps.log.warn({ key: row.key }, 'settings: a stored value does not parse; the default applies');
        continue;
      }
      (settings as unknown as Record<string, unknown>)[fields[row.key]] = parsed.data;
      settings.changed[row.key] = true;
    }
    return settings;
  }

  const stops = [
    deps.bus.onEvent((e) => {
      if (isSettingsChange(e)) invalidate();
    }),
    // The bus lost Redis for a while: a change made elsewhere meanwhile may have been missed.
    deps.bus.onResync((channels) => {
      if (channels === null || channels.has(INTERNAL_CHANNEL)) invalidate();
    }),
  ];

  return {
    get(): Promise<HouseSettings> {
      if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.value;
      const started = generation;
      const value = load();
      const entry = { value, at: Date.now() };
      if (started === generation) cached = entry;
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return value;
    },

    /** Saves one setting (already validated by its schema) with its audit row, then tells every process. */
    async set<K extends SettingKey>(staffId: string, key: K, value: SettingValue<K>): Promise<HouseSettings> {
      await deps.db.transaction(async (tx) => {
        await repo.put(tx, key, value, staffId);
        await recordStaffAction(tx, { staffId, action: 'update_settings', details: { key } });
      });
      invalidate();
      await deps.bus.publish(INTERNAL_CHANNEL, 'settings.changed', { key }).catch((err: unknown) => {
        deps.log.warn(
          { err },
          'settings: the change could not be announced; other processes catch up within a minute',
        );
      });
      return this.get();
    },

    close: () => stops.forEach((stop) => stop()),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
