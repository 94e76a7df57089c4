import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '@/lib/time-zone.ts';

/** Says once which zone the page's times are in (the visitor's own; a server render's until hydrated). */
export function TimeZoneNote() {
  const { t } = useTranslation('sales');
  const zone = useTimeZone();
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('timeZone', { zone })}
    </Typography>
  );
}
