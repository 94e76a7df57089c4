import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import type { Address } from '@knotwork/shared/schemas/addresses';
import { addressLines } from '../lib/format-address.ts';

/** One saved address: who, where, the phone, and what can be done with it. */
export function AddressCard({
  address,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  const { t } = useTranslation('addresses');
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={address.name}
      data-testid="address-card"
      sx={{
        p: { xs: 5, md: 6 },
        display: 'flex',
        flexDirection: 'column',
        gap: 3,
        borderColor: address.isDefault ? 'accent.main' : 'divider',
        borderWidth: address.isDefault ? 2 : 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {address.name}
        </Typography>
        {address.isDefault && (
          <Chip
            size="small"
            icon={<CheckCircle />}
            label={t('default')}
            sx={{
              bgcolor: 'accent.main',
              color: 'accent.contrastText',
              '& .MuiChip-icon': { color: 'inherit' },
            }}
          />
        )}
      </Box>
      <Typography
        component="address"
        variant="body2"
        sx={{ fontStyle: 'normal', color: 'text.secondary', flex: 1 }}
      >
        {addressLines(address).map((line, i) => (
          <Box component="span" key={i} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            <bdi>{line}</bdi>
          </Box>
        ))}
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <PhoneOutlined sx={{ fontSize: 16 }} titleAccess={t('phone')} />
          {address.phone}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: -2 }}>
        <Button
          size="small"
          color="inherit"
          onClick={onEdit}
          disabled={busy}
          aria-label={t('editNamed', { name: address.name })}
        >
          {t('edit')}
        </Button>
        <Button
          size="small"
          color="inherit"
          onClick={onDelete}
          disabled={busy}
          aria-label={t('deleteNamed', { name: address.name })}
        >
          {t('delete')}
        </Button>
        {!address.isDefault && (
          <Button
            size="small"
            color="inherit"
            onClick={onMakeDefault}
            disabled={busy}
            aria-label={t('setDefaultNamed', { name: address.name })}
          >
            {t('setDefault')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
