import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useConsignorStatement, type AdminStatement } from '../api/consignor-statement.ts';
import { Section } from './section.tsx';
import { useCan } from '../../shell/use-can.ts';

type Line = AdminStatement['lines'][number];
const PAYOUT_KINDS = new Set<Line['kind']>(['payout', 'payout_confirmed']);

function Lines({ lines, empty, currency }: { lines: Line[]; empty: string; currency: string }) {
  const { t } = useTranslation('admin-consignors');
  if (lines.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {empty}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((l, i) => (
        <Box
          component="li"
          key={`${l.at}-${i}`}
          sx={{
            display: 'flex',
            gap: 3,
            justifyContent: 'space-between',
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">
              {t(`ledger.${l.kind}`)}
              {l.reverses ? ` · ${t(`ledger.${l.reverses}`)}` : ''}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatDate(l.at)}
            </Typography>
            {/* The batch and the bank's end-to-end reference, left to right in Arabic too, as the bank prints them. */}
            {l.payout && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('settlements.payoutReference', {
                  batch: `\u2066${l.payout.batchNumber}\u2069`,
                  reference: `\u2066${l.payout.endToEndId}\u2069`,
                })}
              </Typography>
            )}
          </Box>
          {/* The journal's sign: negative is owed to the consignor, shown as a credit. */}
          <Typography variant="body2" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {l.amountCents < 0
              ? formatMoney(-l.amountCents, currency)
              : `−${formatMoney(l.amountCents, currency)}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Balance, this year's statement and the payouts, read from the consignors' journal (GET …/statement). Accounts
 * and admins read them; a specialist is told where they live instead of seeing a 403.
 */
export function SettlementsPanel({ consignorId }: { consignorId: string }) {
  const { t } = useTranslation('admin-consignors');
  const { can } = useCan();
  const allowed = can('read', 'settlement');
  const statement = useConsignorStatement(consignorId, allowed);
  const s = statement.data;
  const body = (render: (s: AdminStatement) => React.ReactNode) =>
    !allowed ? (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('settlements.accountsOnly')}
      </Typography>
    ) : statement.isLoading ? (
      <CircularProgress size={20} aria-label={t('loading')} />
    ) : statement.isError || !s ? (
      <ErrorState
        message={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void statement.refetch()}
      />
    ) : (
      render(s)
    );
  return (
    <>
      <Section title={t('consignor.balance')}>
        {body((st) => (
          <Box>
            <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(Math.abs(st.closingCents), st.currency)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {st.closingCents < 0
                ? t('settlements.owedTo')
                : st.closingCents > 0
                  ? t('settlements.owedBy')
                  : t('settlements.settledUp')}
            </Typography>
          </Box>
        ))}
      </Section>
      <Section title={t('consignor.statements')}>
        {body((st) => (
          <>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('settlements.period', { from: formatDate(st.from), to: formatDate(st.to) })}
            </Typography>
            <Lines
              lines={st.lines.filter((l) => !PAYOUT_KINDS.has(l.kind))}
              empty={t('settlements.noLines')}
              currency={st.currency}
            />
          </>
        ))}
      </Section>
      <Section title={t('consignor.payouts')}>
        {body((st) => (
          <Lines
            lines={st.lines.filter((l) => PAYOUT_KINDS.has(l.kind))}
            empty={t('settlements.noPayouts')}
            currency={st.currency}
          />
        ))}
      </Section>
    </>
  );
}
