import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import type { Address } from '@knotwork/shared/schemas/addresses';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useShippingAddresses } from '../api/get-shipping-addresses.ts';

const lines = (a: Address) =>
  [a.line1, a.line2, [a.city, a.stateName ?? a.state, a.postalCode].filter(Boolean).join(', '), a.countryName]
    .filter(Boolean)
    .join(' · ');

/** The saved addresses as one radio group, with "Add an address" opening the address book's own dialog. */
export function AddressChoice({
  value,
  onChange,
  onAdd,
  disabled,
}: {
  disabled?: boolean;
  value: string | null;
  onChange: (id: string) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('payments');
  const query = useShippingAddresses();
  if (query.isPending) return <Skeleton variant="rounded" height={96} />;
  if (query.isError)
    return (
      <ErrorState
        message={t('checkout.addressesError', { reason: errorMessage(query.error) })}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const addresses = query.data;
  return (
    <Box>
      {addresses.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {t('checkout.noAddress')}
        </Typography>
      ) : (
        <RadioGroup
          aria-label={t('checkout.address')}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          sx={{ gap: 2, mb: 3 }}
        >
          {addresses.map((a) => (
            <FormControlLabel
              key={a.id}
              value={a.id}
              data-testid="checkout-address"
              control={<Radio />}
              disabled={disabled}
              sx={{
                m: 0,
                p: 3,
                pr: 4,
                alignItems: 'flex-start',
                border: 1,
                borderColor: value === a.id ? 'accent.main' : 'divider',
                borderRadius: `${radius.card}px`,
                '& .MuiRadio-root': { mt: -1 },
              }}
              label={
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500 }}>{a.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {lines(a)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      )}
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<AddOutlined />}
        onClick={onAdd}
        disabled={disabled}
      >
        {t('checkout.addAddress')}
      </Button>
    </Box>
  );
}
