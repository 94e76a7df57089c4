import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { AdminRugRow } from '@knotwork/shared/schemas/catalogue-staff';
import { paths } from '@/config/paths.ts';
import { formatEstimate } from '@/lib/format.ts';
import { useAdminRugs } from '../../catalogue/api/rugs.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

/**
 * Find a rug of the catalogue (the staff rugs list the grid uses, any status: a rug just brought in is a draft) to
 * put on the receipt, or open the rug editor in a new tab to create one and come back to find it.
 */
export function RugPicker({
  exclude,
  onPick,
  error,
}: {
  /** Rugs already on the receipt. */
  exclude: ReadonlySet<string>;
  onPick: (rug: AdminRugRow) => void;
  error?: string;
}) {
  const { t } = useTranslation('admin-consignors');
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), 250);
  const rugs = useAdminRugs({ page: 1, pageSize: 20, q: q || undefined });
  const options = (rugs.data?.data ?? []).filter((r) => !exclude.has(r.id));
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Autocomplete<AdminRugRow>
        sx={{ flex: '1 1 280px', minWidth: 0 }}
        options={options}
        loading={rugs.isFetching}
        value={null}
        onChange={(_e, r) => {
          if (r) {
            onPick(r);
            setInput('');
          }
        }}
        inputValue={input}
        onInputChange={(_e, s, reason) => reason !== 'reset' && setInput(s)}
        filterOptions={(x) => x}
        getOptionLabel={(r) => r.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={t('items.noRugs')}
        loadingText={t('loading')}
        renderOption={(props, r) => (
          <li {...props} key={r.id}>
            <Box sx={{ minWidth: 0 }}>
              <Box>{r.title}</Box>
              <Box sx={{ typography: 'caption', color: 'text.secondary' }}>
                {r.originRegion} · {formatEstimate(r.estimateLow, r.estimateHigh)}
              </Box>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('items.find')}
            error={Boolean(error)}
            helperText={error ?? t('items.findHelp')}
          />
        )}
      />
      <Button
        component={RouterLink}
        to={paths.adminRugNew.href()}
        target="_blank"
        rel="noopener"
        endIcon={<OpenInNew fontSize="small" />}
        sx={{ mt: 1 }}
      >
        {t('items.newRug')}
      </Button>
    </Box>
  );
}
