import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { MyConditionRequest } from '@knotwork/shared/schemas/condition-reports';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { useMyConditionReports } from '@/features/condition-reports/api/get-my-condition-reports.ts';
import { ItemRow } from './item-row.tsx';
import { PlainListFrame } from './list-frame.tsx';

/** The lot page's condition report section (condition-report-request.tsx gives it this id). */
const SECTION = '#condition-report-request';

type ReportState = 'asked' | 'preparing' | 'answered';

/** Answered; asked and within the promise; or past it, which a collector reads politely as "being prepared". */
function stateOf(item: MyConditionRequest, now: number): ReportState {
  if (item.request.answeredAt) return 'answered';
  return Date.parse(item.request.dueAt) < now ? 'preparing' : 'asked';
}

/** Answered is settled (green); asked and being prepared wait (grey; the theme's info and warning fail contrast). */
const STATE_CHIP = {
  asked: { color: 'default', variant: 'filled' },
  preparing: { color: 'default', variant: 'outlined' },
  answered: { color: 'success', variant: 'filled' },
} as const;

/** My condition report requests (issue 29 §2, decision 095): each lot asked about, its state, and the way to the report. */
export function ConditionReportsTab() {
  const { t } = useTranslation('my-items');
  const query = useMyConditionReports();
  const now = Date.now();
  return (
    <PlainListFrame
      query={query}
      empty={{
        icon: <FactCheckOutlined />,
        title: t('reports.emptyTitle'),
        description: t('reports.emptyBody'),
        action: (
          <Button component={RouterLink} to={paths.rugListing.href()} variant="contained">
            {t('reports.browse')}
          </Button>
        ),
      }}
    >
      {(items) =>
        items.map((item) => {
          const state = stateOf(item, now);
          const href = `${paths.rug.href(item.lot.rugSlug)}${SECTION}`;
          return (
            <ItemRow
              key={item.request.id}
              testId="my-condition-report"
              state={state}
              title={item.lot.title}
              href={href}
              overline={`${t('lotNumber', { number: item.lot.lotNumber })} · ${item.lot.auctionTitle}`}
              details={
                <>
                  <Chip
                    size="small"
                    {...STATE_CHIP[state]}
                    label={
                      state === 'answered'
                        ? t('reports.state.answered', { date: formatDate(item.request.answeredAt!) })
                        : t(`reports.state.${state}`)
                    }
                  />
                  <span>{t('reports.askedOn', { date: formatDate(item.request.requestedAt) })}</span>
                  {state === 'asked' && (
                    <span>{t('reports.dueBy', { date: formatDateTime(item.request.dueAt) })}</span>
                  )}
                  {state === 'preparing' && <span>{t('reports.preparingNote')}</span>}
                </>
              }
              actions={
                <Button
                  component={RouterLink}
                  to={href}
                  size="small"
                  variant={state === 'answered' ? 'contained' : 'outlined'}
                  aria-label={t(state === 'answered' ? 'reports.readLot' : 'reports.viewLot', {
                    number: item.lot.lotNumber,
                  })}
                >
                  {t(state === 'answered' ? 'reports.read' : 'reports.view')}
                </Button>
              }
            />
          );
        })
      }
    </PlainListFrame>
  );
}
