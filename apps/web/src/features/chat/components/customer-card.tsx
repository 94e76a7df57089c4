import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { AdminChatDetail } from '@knotwork/shared/schemas/chat';
import { formatUsd } from '@/lib/format.ts';
import { getCustomerBids, getCustomerOrders } from '../api/chat-api.ts';

/** Who the customer is and, when signed in, their latest bids and orders (from the staff APIs). */
export function CustomerCard({ conversation }: { conversation: AdminChatDetail }) {
  const { t } = useTranslation('chat');
  const { customer } = conversation;
  const userId = customer.userId;
  const bids = useQuery({
    queryKey: ['chat', 'inbox', 'bids', conversation.id],
    queryFn: () => getCustomerBids(conversation.id),
    enabled: !!userId,
  });
  const orders = useQuery({
    queryKey: ['chat', 'inbox', 'orders', userId],
    queryFn: () => getCustomerOrders(userId!),
    enabled: !!userId,
  });

  return (
    <Box data-testid="chat-inbox-customer" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h3" variant="subtitle2">
        {t('inbox.customer')}
      </Typography>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{customer.name ?? t('inbox.visitor')}</Typography>
        <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start', overflowWrap: 'anywhere' }}>
          {customer.email}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('inbox.language', { language: customer.language.toUpperCase() })} ·{' '}
          {conversation.customerPresent ? t('inbox.present') : t('inbox.away')}
        </Typography>
      </Box>
      {userId && (
        <>
          <Divider />
          <Section
            title={t('inbox.bids')}
            loading={bids.isPending}
            error={bids.isError}
            empty={bids.data?.length === 0}
            emptyText={t('inbox.noBids')}
          >
            {bids.data?.map((b) => (
              <Typography key={`${b.lotId}-${b.createdAt}`} variant="body2">
                {t('inbox.bidLine', { lot: b.lotNumber, title: b.rugTitle, amount: formatUsd(b.maxAmount) })}
              </Typography>
            ))}
          </Section>
          <Section
            title={t('inbox.orders')}
            loading={orders.isPending}
            error={orders.isError}
            empty={orders.data?.length === 0}
            emptyText={t('inbox.noOrders')}
          >
            {orders.data?.map((o) => (
              <Typography key={o.id} variant="body2">
                {t('inbox.orderLine', {
                  title: o.rug.title,
                  amount: formatUsd(o.total ?? o.itemPrice),
                  status: o.status,
                })}
              </Typography>
            ))}
          </Section>
        </>
      )}
    </Box>
  );
}

function Section({
  title,
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  title: string;
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('chat');
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {loading && <CircularProgress size={16} aria-label={t('loading')} />}
      {error && <Alert severity="error">{t('errors.load')}</Alert>}
      {empty && (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      )}
      {children}
    </Box>
  );
}
