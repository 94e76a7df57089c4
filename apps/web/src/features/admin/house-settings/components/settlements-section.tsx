import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { consignmentTermsMessages } from '@knotwork/shared/consignments/terms';
import {
  adminSettingsMessages,
  settlementSettingsSchema,
  type SettlementSettings,
} from '@knotwork/shared/schemas/house-settings-staff';
import { useSaveSettlements } from '../api/settings.ts';
import { useStripeConfigured } from '../api/stripe-configured.ts';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { CommissionBands, PercentField } from '../../consignors/components/commission-fields.tsx';
import { FEE_MONEY_TERMS, RATE_TERMS } from '../../consignors/lib/consignment-form.ts';
import {
  bpsToPercent,
  centsToDollars,
  dollarsToCents,
  issuesToErrors,
  percentToBps,
} from '../../consignors/lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

/** The form as typed: money in dollars, rates in percent; cents and basis points on the wire. */
interface Values {
  holdingDays: string;
  commission: 'flat' | 'sliding';
  flatRate: string;
  bands: { from: string; rate: string }[];
  minimumCommission: string;
  lottingFee: string;
  photographyFee: string;
  insuranceRate: string;
  buyInFeeRate: string;
  vatRate: string;
  vat: boolean;
  debtorName: string;
  debtorIban: string;
  debtorBic: string;
  stripeConnect: boolean;
}

// The house's defaults have every term but the advance (an advance is agreed per receipt).
const MONEY = FEE_MONEY_TERMS;
const RATES = RATE_TERMS;

function valuesOf(s: SettlementSettings): Values {
  const terms = s.consignmentTerms;
  return {
    holdingDays: String(s.holdingDays),
    commission: terms.commission.kind,
    flatRate: terms.commission.kind === 'flat' ? bpsToPercent(terms.commission.rateBps) : '15',
    bands:
      terms.commission.kind === 'sliding'
        ? terms.commission.bands.map((b) => ({
            from: centsToDollars(b.fromCents),
            rate: bpsToPercent(b.rateBps),
          }))
        : [{ from: '0', rate: bpsToPercent(terms.commission.rateBps) }],
    minimumCommission: centsToDollars(terms.minimumCommissionCents),
    lottingFee: centsToDollars(terms.lottingFeeCents),
    photographyFee: centsToDollars(terms.photographyFeeCents),
    insuranceRate: bpsToPercent(terms.insuranceRateBps),
    buyInFeeRate: bpsToPercent(terms.buyInFeeRateBps),
    vatRate: bpsToPercent(terms.vatRateBps),
    vat: terms.vatOnCommissionAndFees,
    debtorName: s.debtor?.name ?? '',
    debtorIban: s.debtor?.iban ?? '',
    debtorBic: s.debtor?.bic ?? '',
    stripeConnect: s.stripeConnect,
  };
}

/** An empty amount or rate is 0 here (every default term has a value); anything not a number stays NaN for the schema. */
const cents = (v: string) => dollarsToCents(v) ?? 0;
const bps = (v: string) => percentToBps(v) ?? 0;

function bodyOf(v: Values): unknown {
  const debtor =
    v.debtorName.trim() || v.debtorIban.trim()
      ? {
          name: v.debtorName,
          iban: v.debtorIban.replace(/\s+/g, '').toUpperCase(),
          bic: v.debtorBic.trim().toUpperCase(),
        }
      : null;
  return {
    holdingDays: v.holdingDays.trim() === '' ? Number.NaN : Number(v.holdingDays),
    consignmentTerms: {
      commission:
        v.commission === 'flat'
          ? { kind: 'flat', rateBps: bps(v.flatRate) }
          : {
              kind: 'sliding',
              bands: v.bands.map((b) => ({ fromCents: cents(b.from), rateBps: bps(b.rate) })),
            },
      minimumCommissionCents: cents(v.minimumCommission),
      lottingFeeCents: cents(v.lottingFee),
      photographyFeeCents: cents(v.photographyFee),
      insuranceRateBps: bps(v.insuranceRate),
      buyInFeeRateBps: bps(v.buyInFeeRate),
      vatRateBps: bps(v.vatRate),
      vatOnCommissionAndFees: v.vat,
    },
    debtor,
    stripeConnect: v.stripeConnect,
  };
}

/** The terms' own rules ("Commission bands must rise") in the page's language; the rest as the back office says them. */
const termIds = new Map<string, string>(
  Object.entries(consignmentTermsMessages).map(([id, text]) => [text, id]),
);
const settingIds = new Map<string, string>(
  Object.entries(adminSettingsMessages).map(([id, text]) => [text, id]),
);

function SettlementsForm({ initial }: { initial: SettlementSettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [v, setV] = useState(() => valuesOf(initial));
  const [local, setLocal] = useState<Record<string, string>>({});
  const { save, errorAt, pending } = useSaveSetting(useSaveSettlements());
  // Unknown while loading: the switch waits; without the keys it stays off (the server refuses it as well).
  const stripeKeys = useStripeConfigured().data;
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  const say = (text: string | undefined) => {
    if (!text) return '';
    const term = termIds.get(text);
    if (term) return t(`settlements.termsErrors.${term}`, { defaultValue: text });
    const setting = settingIds.get(text);
    return setting ? t(`server.${setting}`, { defaultValue: text }) : adminMessage(text);
  };
  const err = (path: string) =>
    say(Object.entries(local).find(([k]) => k === path || k.startsWith(`${path}.`))?.[1]) ||
    errorAt(path) ||
    undefined;
  const terms = 'consignmentTerms';

  return (
    <Box
      component="form"
      aria-label={t('settlements.title')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = settlementSettingsSchema.safeParse(bodyOf(v));
        if (!parsed.success) {
          setLocal(issuesToErrors(parsed.error));
          return;
        }
        setLocal({});
        save(parsed.data);
      }}
      sx={{ display: 'grid', gap: 5 }}
    >
      <Box
        component="fieldset"
        disabled={!manage}
        sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 5 }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('settlements.holdingTitle')}
          </Typography>
          <TextField
            label={t('settlements.holdingDays')}
            value={v.holdingDays}
            onChange={(e) => set({ holdingDays: e.target.value })}
            error={Boolean(err('holdingDays'))}
            helperText={err('holdingDays') || t('settlements.holdingHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            sx={{ maxWidth: 320 }}
          />
        </Box>

        <Box sx={{ display: 'grid', gap: 3 }}>
          <Typography variant="subtitle2" component="h3">
            {t('settlements.termsTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settlements.termsIntro')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label={t('settlements.commission')}
              value={v.commission}
              onChange={(e) => set({ commission: e.target.value as Values['commission'] })}
            >
              <MenuItem value="flat">{t('settlements.flat')}</MenuItem>
              <MenuItem value="sliding">{t('settlements.sliding')}</MenuItem>
            </TextField>
            {v.commission === 'flat' && (
              <PercentField
                label={t('settlements.rate')}
                value={v.flatRate}
                onChange={(flatRate) => set({ flatRate })}
                error={err(`${terms}.commission.rateBps`)}
              />
            )}
          </Box>
          {v.commission === 'sliding' && (
            <CommissionBands
              bands={v.bands}
              onChange={(bands) => set({ bands })}
              error={(i, key) => err(`${terms}.commission.bands.${i}.${key}`)}
              words={{
                help: t('settlements.bandsHelp'),
                from: t('settlements.bandFrom'),
                rate: t('settlements.rate'),
                add: t('settlements.addBand'),
                remove: (n) => t('settlements.removeBand', { n }),
              }}
            />
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {(Object.keys(MONEY) as (keyof typeof MONEY)[]).map((k) => (
              <MoneyField
                key={k}
                label={t(`settlements.${k}`)}
                value={v[k]}
                onChange={(value) => set({ [k]: value })}
                error={err(`${terms}.${MONEY[k]}`)}
              />
            ))}
            {(Object.keys(RATES) as (keyof typeof RATES)[]).map((k) => (
              <PercentField
                key={k}
                label={t(`settlements.${k}`)}
                value={v[k]}
                onChange={(value) => set({ [k]: value })}
                error={err(`${terms}.${RATES[k]}`)}
              />
            ))}
          </Box>
          <FormControlLabel
            control={<Switch checked={v.vat} onChange={(e) => set({ vat: e.target.checked })} />}
            label={t('settlements.vatOnCommissionAndFees')}
          />
        </Box>

        <Box sx={{ display: 'grid', gap: 3 }}>
          <Typography variant="subtitle2" component="h3">
            {t('settlements.debtorTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settlements.debtorIntro')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 2fr 1fr' } }}>
            <TextField
              label={t('settlements.debtorName')}
              value={v.debtorName}
              onChange={(e) => set({ debtorName: e.target.value })}
              error={Boolean(err('debtor.name'))}
              helperText={err('debtor.name')}
            />
            <TextField
              label={t('settlements.debtorIban')}
              value={v.debtorIban}
              onChange={(e) => set({ debtorIban: e.target.value })}
              error={Boolean(err('debtor.iban'))}
              helperText={err('debtor.iban')}
              slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', spellCheck: false } }}
            />
            <TextField
              label={t('settlements.debtorBic')}
              value={v.debtorBic}
              onChange={(e) => set({ debtorBic: e.target.value })}
              error={Boolean(err('debtor.bic'))}
              helperText={err('debtor.bic')}
              slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', spellCheck: false } }}
            />
          </Box>
        </Box>

        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('settlements.stripeTitle')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={v.stripeConnect}
                disabled={!v.stripeConnect && stripeKeys !== true}
                onChange={(e) => set({ stripeConnect: e.target.checked })}
              />
            }
            label={t('settlements.stripeConnect')}
          />
          <Typography variant="body2" sx={{ color: err('stripeConnect') ? 'error.main' : 'text.secondary' }}>
            {err('stripeConnect') ||
              (stripeKeys === false ? t('settlements.stripeNoKeys') : t('settlements.stripeHelp'))}
          </Typography>
        </Box>
      </Box>
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: consignments and settlements (issue 27): the holding period, the house's terms, the paying account. */
export function SettlementsSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard
      id="settings-settlements"
      title={t('settlements.title')}
      intro={t('settlements.intro')}
    >
      {(s) => <SettlementsForm key={JSON.stringify(s.settlements)} initial={s.settlements} />}
    </HouseSettingsCard>
  );
}
