import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';

/** The three screens of paying consignors, one after the other: what to settle, what to pay, what was paid. */
export function SettlementNav() {
  const { t } = useTranslation('admin-settlements');
  const links = [
    { to: paths.adminSettlements.href(), label: t('nav.settlements') },
    { to: paths.adminPayouts.href(), label: t('nav.payouts') },
    { to: paths.adminPayoutBatches.href(), label: t('nav.batches') },
  ];
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {links.map((l) => (
        <Button
          key={l.to}
          component={NavLink}
          to={l.to}
          end
          size="small"
          sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
        >
          {l.label}
        </Button>
      ))}
    </Box>
  );
}
