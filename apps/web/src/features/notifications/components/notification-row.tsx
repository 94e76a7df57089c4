import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { formatMediumDateTime } from '@/lib/format.ts';
import type { NotificationItem } from '../api/get-notifications.ts';

/** One notification: bold with a dot while unread; the whole row opens it (marks it read, follows its link). */
export function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const when = formatMediumDateTime(item.createdAt);
  return (
    <ListItem
      divider
      disablePadding
      data-testid="notification"
      data-read={item.read}
      sx={{ bgcolor: item.read ? undefined : 'action.hover' }}
    >
      <ListItemButton
        onClick={onOpen}
        sx={{ alignItems: 'flex-start', px: 6, py: 4 }}
        aria-label={item.read ? undefined : t('unreadLabel', { title: item.title })}
      >
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: item.read ? 'transparent' : 'error.main',
            mt: 2,
            mr: 4,
            flexShrink: 0,
          }}
        />
        <ListItemText
          primary={item.title}
          secondary={
            <>
              {item.body}
              <Box component="span" sx={{ display: 'block', mt: 1, fontSize: '0.75rem' }}>
                {when}
                {item.link && ` · ${t('open')}`}
              </Box>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: item.read ? 500 : 700 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
