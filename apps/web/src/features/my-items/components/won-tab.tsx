import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import { useTranslation } from 'react-i18next';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { paths } from '@/config/paths.ts';
import { useMyList } from '../api/my-lists.ts';
import { ItemRow } from './item-row.tsx';
import { ListFrame } from './list-frame.tsx';

/** Lots won (at the hammer or by buying now), with the order each made and where it stands. */
export function WonTab() {
  const { t } = useTranslation('my-items');
  const [page, setPage] = useState(1);
  const query = useMyList('won', page);
  return (
    <ListFrame
      query={query}
      page={page}
      onPage={setPage}
      empty={{
        icon: <EmojiEventsOutlined />,
        title: t('won.emptyTitle'),
        description: t('won.emptyBody'),
        action: (
          <Button component={RouterLink} to={paths.upcomingAuctions.href()} variant="contained">
            {t('won.browse')}
          </Button>
        ),
      }}
    >
      {({ data }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {data.map(({ lot, order }) => (
            <ItemRow
              key={lot.id}
              testId="won-lot"
              image={lot.rug.image}
              title={lot.rug.title}
              href={paths.rug.href(lot.rug.slug)}
              overline={`${t('lotNumber', { number: lot.lotNumber })} · ${lot.auctionTitle}`}
              actions={
                order ? (
                  order.status === 'awaiting_payment' ? (
                    <Button
                      component={RouterLink}
                      to={paths.checkout.href([order.id])}
                      variant="contained"
                      size="small"
                      data-testid="won-pay-now"
                    >
                      {t('won.payNow')}
                    </Button>
                  ) : (
                    <Button
                      component={RouterLink}
                      to={paths.order.href(order.id)}
                      variant="outlined"
                      color="inherit"
                      size="small"
                    >
                      {t('won.details')}
                    </Button>
                  )
                ) : undefined
              }
              details={
                <>
                  <span>
                    {t('won.price', { amount: formatUsd(lot.hammerPrice ?? lot.currentBid ?? 0) })}
                    <Approx cents={lot.hammerPrice ?? lot.currentBid ?? 0} />
                  </span>
                  {order ? (
                    <>
                      <Chip
                        size="small"
                        color={
                          order.status === 'paid'
                            ? 'success'
                            : order.status === 'awaiting_payment'
                              ? 'warning'
                              : 'default'
                        }
                        label={t(`orderStatus.${order.status}`)}
                        data-testid="won-order-status"
                      />
                      <span>{t('won.total', { amount: formatUsd(order.itemPrice) })}</span>
                      {order.status === 'awaiting_payment' && (
                        <span data-testid="won-due">
                          {t('won.dueBy', { date: formatMediumDateTime(order.dueAt) })}
                        </span>
                      )}
                    </>
                  ) : (
                    <span>{t('won.orderPending')}</span>
                  )}
                </>
              }
            />
          ))}
        </Box>
      )}
    </ListFrame>
  );
}
