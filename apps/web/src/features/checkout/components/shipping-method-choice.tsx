import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ShippingMethod } from '@knotwork/shared/schemas/payments';
import { radius } from '@/lib/theme.ts';

/** Insured courier (priced by zone, one charge for the whole checkout) or collection in person at no charge. */
export function ShippingMethodChoice({
  value,
  onChange,
  disabled,
}: {
  value: ShippingMethod;
  onChange: (m: ShippingMethod) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('payments');
  const options: { value: ShippingMethod; title: string; body: string }[] = [
    { value: 'courier', title: t('checkout.courier'), body: t('checkout.courierBody') },
    { value: 'collect', title: t('checkout.collect'), body: t('checkout.collectBody') },
  ];
  return (
    <RadioGroup
      aria-label={t('checkout.method')}
      value={value}
      onChange={(e) => onChange(e.target.value as ShippingMethod)}
      sx={{ gap: 2 }}
    >
      {options.map((o) => (
        <FormControlLabel
          key={o.value}
          value={o.value}
          control={<Radio />}
          disabled={disabled}
          sx={{
            m: 0,
            p: 3,
            pr: 4,
            alignItems: 'flex-start',
            border: 1,
            borderColor: value === o.value ? 'accent.main' : 'divider',
            borderRadius: `${radius.card}px`,
            '& .MuiRadio-root': { mt: -1 },
          }}
          label={
            <Box>
              <Typography sx={{ fontWeight: 500 }}>{o.title}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {o.body}
              </Typography>
            </Box>
          }
        />
      ))}
    </RadioGroup>
  );
}
