import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
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
              details={
                <>
                  <span>{t('won.price', { amount: formatUsd(lot.hammerPrice ?? lot.currentBid ?? 0) })}</span>
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
