import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useAddConsignmentItem } from '../api/consignment-items.ts';
import { toItemInput, type ItemValues } from '../lib/consignment-form.ts';
import { centsToDollars, type FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { ItemFields } from './item-fields.tsx';
import { RugPicker } from './rug-picker.tsx';

/** One more rug on a recorded receipt: find it, agree its estimates and reserve, add it. */
export function AddItemForm({
  consignmentId,
  onReceipt,
}: {
  consignmentId: string;
  onReceipt: ReadonlySet<string>;
}) {
  const { t } = useTranslation('admin-consignors');
  const add = useAddConsignmentItem(consignmentId);
  const [item, setItem] = useState<ItemValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    if (!item) return;
    const input = toItemInput(item);
    if ('errors' in input) {
      setErrors(input.errors);
      return;
    }
    add.mutate(input.data, {
      onSuccess: (res) => {
        notify.success(adminMessage(res.message));
        setItem(null);
        setErrors({});
      },
      onError: (e) => {
        // The server names the item's fields without the list's index: put them under the one row.
        if (e instanceof ApiError)
          setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`items.0.${k}`, v])));
        notify.error(adminMessage(e.message));
      },
    });
  };
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <RugPicker
        exclude={onReceipt}
        onPick={(r) => {
          setErrors({});
          setItem({
            rugId: r.id,
            title: r.title,
            estimateLow: centsToDollars(r.estimateLow),
            estimateHigh: centsToDollars(r.estimateHigh),
            reserve: '',
          });
        }}
      />
      {item && (
        <>
          <ItemFields items={[item]} onChange={(next) => setItem(next[0] ?? null)} errors={errors} />
          <Box>
            <Button variant="contained" onClick={submit} disabled={add.isPending}>
              {t('items.add')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
