import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useMyTelephone } from '@/features/telephone-bids/api/get-my-telephone.ts';
import {
  CancelLineButton,
  isolatedPhone,
  lineStateChip,
} from '@/features/telephone-bids/components/my-telephone-line.tsx';
import { ItemRow } from './item-row.tsx';
import { PlainListFrame } from './list-frame.tsx';

/** My telephone lines (issue 29 §1, decision 097): each lot, the number the house calls, its state; cancel until it opens. */
export function TelephoneTab() {
  const { t } = useTranslation('my-items');
  const query = useMyTelephone();
  return (
    <PlainListFrame
      query={query}
      empty={{
        icon: <PhoneInTalkOutlined />,
        title: t('telephone.emptyTitle'),
        description: t('telephone.emptyBody'),
        action: (
          <Button component={RouterLink} to={paths.upcomingAuctions.href()} variant="contained">
            {t('telephone.browse')}
          </Button>
        ),
      }}
    >
      {(lines) =>
        lines.map((line) => (
          <ItemRow
            key={line.id}
            testId="my-telephone"
            state={line.state}
            title={line.title}
            href={paths.rug.href(line.rugSlug)}
            overline={`${t('lotNumber', { number: line.lotNumber })} · ${line.auctionTitle}`}
            details={
              <>
                <Chip
                  size="small"
                  {...lineStateChip(line.state)}
                  label={t(`telephone.state.${line.state}`)}
                />
                {line.state !== 'cancelled' && (
                  <span>{t('telephone.calledOn', { phone: isolatedPhone(line.phone) })}</span>
                )}
                {line.state !== 'cancelled' && line.lotOpened && <span>{t('telephone.opened')}</span>}
                {line.state !== 'cancelled' && !line.lotOpened && line.auctionStartsAt && (
                  <span>{t('telephone.saleStarts', { date: formatDateTime(line.auctionStartsAt) })}</span>
                )}
              </>
            }
            actions={
              line.state !== 'cancelled' && !line.lotOpened ? <CancelLineButton line={line} /> : undefined
            }
          />
        ))
      }
    </PlainListFrame>
  );
}
