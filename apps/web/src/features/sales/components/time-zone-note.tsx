import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visitorTimeZone } from '@/lib/format.ts';

/** Says once which zone the page's times are in (the visitor's own). */
export function TimeZoneNote() {
  const { t } = useTranslation('sales');
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('timeZone', { zone: visitorTimeZone() })}
    </Typography>
  );
}
