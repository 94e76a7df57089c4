import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';

/** Identity checked (or not yet) and archived, as chips: a row of the grid and the consignor's header. */
export function ConsignorChips({
  identityChecked,
  archived,
}: {
  identityChecked: boolean;
  archived: boolean;
}) {
  const { t } = useTranslation('admin-consignors');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {identityChecked ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<VerifiedOutlined />}
          label={t('status.identityChecked')}
        />
      ) : (
        <Chip size="small" color="warning" variant="outlined" label={t('status.identityUnchecked')} />
      )}
      {archived && <Chip size="small" variant="outlined" label={t('status.archived')} />}
    </Box>
  );
}
