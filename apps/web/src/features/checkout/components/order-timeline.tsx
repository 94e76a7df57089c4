import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@knotwork/shared/schemas/payments';
import { formatMediumDateTime } from '@/lib/format.ts';
import { eventReason } from '@/lib/event-reason.ts';

/** The order's history from its events, oldest first: each status it entered, when, by whom and why. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('payments');
  const { t: tItems } = useTranslation('my-items');
  const steps = [
    { key: 'created', label: t('order.created'), at: order.createdAt, detail: null as string | null },
    ...order.events.map((e, i) => ({
      key: `${i}-${e.toStatus}`,
      label: tItems(`orderStatus.${e.toStatus}`),
      at: e.at,
      detail: [t(`order.actor.${e.actor}`), eventReason(e.reason, t)].filter(Boolean).join(' · '),
    })),
  ];
  return (
    <Box component="ol" data-testid="order-timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {steps.map((s, i) => (
        <Box
          component="li"
          key={s.key}
          data-testid="order-event"
          sx={{
            position: 'relative',
            pl: 7,
            pb: i === steps.length - 1 ? 0 : 5,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 4,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: i === steps.length - 1 ? 'accent.main' : 'divider',
            },
            '&::after':
              i === steps.length - 1
                ? undefined
                : {
                    content: '""',
                    position: 'absolute',
                    left: 8,
                    top: 20,
                    bottom: 0,
                    width: 2,
                    bgcolor: 'divider',
                  },
          }}
        >
          <Typography sx={{ fontWeight: 500 }}>{s.label}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatMediumDateTime(s.at)}
            {s.detail ? ` · ${s.detail}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
