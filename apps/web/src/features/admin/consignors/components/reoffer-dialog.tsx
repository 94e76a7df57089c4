import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  adminReofferCreateSchema,
  type AdminReofferItem,
} from '@knotwork/shared/schemas/consignment-reoffers';
import { formatDate } from '@/lib/format.ts';
import { useProposeReoffer } from '../api/reoffers.ts';
import {
  centsToDollars,
  dollarsToCents,
  issuesToErrors,
  percentToBps,
  type FieldErrors,
} from '../lib/field-errors.ts';
import { useAdminSales } from '../../sales/api/sale-list.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { PercentField } from './commission-fields.tsx';
import { MoneyField } from './item-fields.tsx';

/** Blank stays absent (the receipt's own term); anything typed is sent for the schema to judge. */
const optional = <T,>(value: T | null) => (value === null ? undefined : value);

/**
 * Propose an unsold rug for another sale: a sale that still takes lots, the new estimate and reserve (the reserve in
 * whole units, at most the low estimate), an opening bid (blank: half the low estimate), and any term that changes
 * for this sale (blank: the receipt's). The consignor is mailed and answers in the portal.
 */
export function ReofferDialog({
  consignmentId,
  item,
  onClose,
}: {
  consignmentId: string;
  item: AdminReofferItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-consignors');
  const propose = useProposeReoffer(consignmentId);
  const sales = useAdminSales({ page: 1, pageSize: 100 });
  const upcoming = (sales.data?.data ?? []).filter((s) => s.moves.includes('addLot'));
  const reserve = item.unsold?.reserve ?? null;
  const [v, setV] = useState({
    saleId: '',
    estimateLow: '',
    estimateHigh: '',
    reserve: reserve === null ? '' : centsToDollars(reserve),
    openingBid: '',
    commissionRate: '',
    lottingFee: '',
    photographyFee: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<typeof v>) => setV((old) => ({ ...old, ...patch }));
  const err = (k: string) => adminMessage(errors[k]) || undefined;

  const confirm = () => {
    const rate = percentToBps(v.commissionRate);
    const terms = {
      commission: rate === null ? undefined : { kind: 'flat' as const, rateBps: rate },
      lottingFeeCents: optional(dollarsToCents(v.lottingFee)),
      photographyFeeCents: optional(dollarsToCents(v.photographyFee)),
    };
    const parsed = adminReofferCreateSchema.safeParse({
      saleId: v.saleId,
      estimateLow: dollarsToCents(v.estimateLow) ?? Number.NaN,
      estimateHigh: dollarsToCents(v.estimateHigh) ?? Number.NaN,
      reserve: dollarsToCents(v.reserve),
      openingBid: optional(dollarsToCents(v.openingBid)),
      terms: Object.values(terms).some((x) => x !== undefined) ? terms : undefined,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error));
      return;
    }
    propose.mutate(
      { itemId: item.itemId, body: parsed.data },
      actionOutcome(adminMessage, setErrors, onClose),
    );
  };

  return (
    <StaffActionDialog
      title={t('reoffer.proposeTitle', { title: item.rugTitle })}
      intro={t('reoffer.proposeIntro')}
      pending={propose.isPending}
      confirmLabel={t('reoffer.propose')}
      confirmTestId="reoffer-confirm"
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        select
        label={t('reoffer.sale')}
        value={v.saleId}
        onChange={(e) => set({ saleId: e.target.value })}
        error={Boolean(errors.saleId)}
        helperText={err('saleId') ?? (sales.isError ? t('reoffer.salesFailed') : t('reoffer.saleHelp'))}
        fullWidth
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: '100%' } } } } } }}
      >
        {upcoming.length === 0 && (
          <MenuItem value="" disabled>
            {sales.isPending ? t('loading') : t('reoffer.noSales')}
          </MenuItem>
        )}
        {upcoming.map((s) => (
          <MenuItem key={s.id} value={s.id} sx={{ whiteSpace: 'normal' }}>
            {t('reoffer.saleOption', { title: s.title, date: formatDate(s.startsAt) })}
          </MenuItem>
        ))}
      </TextField>
      <MoneyField
        label={t('items.estimateLow')}
        value={v.estimateLow}
        onChange={(x) => set({ estimateLow: x })}
        error={err('estimateLow')}
      />
      <MoneyField
        label={t('items.estimateHigh')}
        value={v.estimateHigh}
        onChange={(x) => set({ estimateHigh: x })}
        error={err('estimateHigh')}
      />
      <MoneyField
        label={t('items.reserve')}
        value={v.reserve}
        onChange={(x) => set({ reserve: x })}
        error={err('reserve')}
      />
      <MoneyField
        label={t('reoffer.openingBid')}
        value={v.openingBid}
        onChange={(x) => set({ openingBid: x })}
        error={err('openingBid')}
        placeholder={t('reoffer.openingBidDefault')}
      />
      <Typography variant="subtitle2" component="h3">
        {t('reoffer.termsTitle')}
      </Typography>
      <PercentField
        label={t('reoffer.commissionRate')}
        value={v.commissionRate}
        onChange={(x) => set({ commissionRate: x })}
        error={err('terms.commission.rateBps')}
        placeholder={t('reoffer.asReceipt')}
      />
      <MoneyField
        label={t('reoffer.lottingFee')}
        value={v.lottingFee}
        onChange={(x) => set({ lottingFee: x })}
        error={err('terms.lottingFeeCents')}
        placeholder={t('reoffer.asReceipt')}
      />
      <MoneyField
        label={t('reoffer.photographyFee')}
        value={v.photographyFee}
        onChange={(x) => set({ photographyFee: x })}
        error={err('terms.photographyFeeCents')}
        placeholder={t('reoffer.asReceipt')}
      />
    </StaffActionDialog>
  );
}
