import Button from '@mui/material/Button';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { useTranslation } from 'react-i18next';
import { lotCalendarHref } from '../api/calendar-feed.ts';

/** "Add to calendar": the lot's closing time as an .ics file, with a link back to the lot. */
export function AddToCalendarLink({ lotId }: { lotId: string }) {
  const { t } = useTranslation('calendar');
  return (
    <Button
      component="a"
      href={lotCalendarHref(lotId)}
      download
      variant="text"
      color="inherit"
      size="small"
      startIcon={<EventOutlined />}
      sx={{ alignSelf: 'flex-start', textDecoration: 'underline', textUnderlineOffset: 3 }}
    >
      {t('addToCalendar')}
    </Button>
  );
}
