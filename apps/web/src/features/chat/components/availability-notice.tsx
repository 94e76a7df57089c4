import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatAvailability } from '@knotwork/shared/schemas/chat';

/** "Someone is here" or "No one is online; we answer within N hours, by e-mail if you have left". */
export function AvailabilityNotice({ availability }: { availability: ChatAvailability | undefined }) {
  const { t } = useTranslation('chat');
  if (!availability) return null;
  const online = availability.staffOnline;
  return (
    <Box
      role="status"
      data-testid="chat-availability"
      data-online={online}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 3 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          mt: 0.75,
          flexShrink: 0,
          bgcolor: online ? 'success.main' : 'text.disabled',
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {online
          ? t('availability.online')
          : t('availability.offline', { count: availability.replyWithinHours })}
      </Typography>
    </Box>
  );
}
