import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { formatDate } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { downloadStatementPdf } from '../api/download-statement-pdf.ts';
import { useStatement, type PortalStatement, type StatementPeriod } from '../api/get-statement.ts';
import { PdfButton } from './pdf-button.tsx';

/** This calendar year, as the server's default period. */
function thisYear(): StatementPeriod {
  const year = new Date().getUTCFullYear();
  return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
}

function Lines({ statement }: { statement: PortalStatement }) {
  const { t } = useTranslation('consignor-portal');
  const money = (cents: number) => formatMoney(cents, statement.currency);
  if (statement.lines.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 3 }}>
        {t('statement.empty')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('statement.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('statement.date')}</TableCell>
            <TableCell>{t('statement.entry')}</TableCell>
            <TableCell align="right">{t('statement.amount')}</TableCell>
            <TableCell align="right">{t('statement.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.lines.map((line, i) => (
            <TableRow key={`${line.at}-${i}`} data-testid="statement-line">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.at)}</TableCell>
              <TableCell>
                {line.reverses
                  ? t('statement.reversalOf', { kind: t(`statement.kinds.${line.reverses}`) })
                  : t(`statement.kinds.${line.kind}`)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.amountCents)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.balanceCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The statement for a period (this year unless changed): its lines, the balance owed, and the payouts made; the same
 * period as a PDF in the account's language.
 */
export function StatementSection() {
  const { t } = useTranslation('consignor-portal');
  const [period, setPeriod] = useState(thisYear);
  const statement = useStatement(period);
  const s = statement.data;
  return (
    <Box component="section" aria-labelledby="statement-heading" sx={{ mt: { xs: 10, md: 14 } }}>
      <SectionHeading id="statement-heading" title={t('statement.title')} />
      <Stack direction="row" spacing={3} useFlexGap sx={{ my: 4, flexWrap: 'wrap', alignItems: 'center' }}>
        {(['from', 'to'] as const).map((edge) => (
          <TextField
            key={edge}
            type="date"
            size="small"
            label={t(`statement.${edge}`)}
            value={period[edge]}
            onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, [edge]: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <PdfButton
          label={t('statement.pdf')}
          testId="statement-pdf"
          download={() => downloadStatementPdf(period)}
        />
      </Stack>
      {statement.isError ? (
        <ErrorState
          message={t('statement.loadError')}
          retryLabel={t('retry')}
          onRetry={() => void statement.refetch()}
        />
      ) : !s ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 6 }}
            sx={{ mb: 3 }}
            data-testid="statement-balance"
          >
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('statement.opening')}: {formatMoney(s.openingCents, s.currency)}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {t('statement.closing')}: {formatMoney(s.closingCents, s.currency)}
            </Typography>
          </Stack>
          <Lines statement={s} />
          <Typography component="h3" variant="subtitle1" sx={{ mt: 6, mb: 2 }}>
            {t('payouts.title')}
          </Typography>
          {s.payouts.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('payouts.empty')}
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ m: 0, ps: 5 }}>
              {s.payouts.map((p, i) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={`${p.at}-${i}`}
                  data-testid="statement-payout"
                >
                  {formatDate(p.at)} · {formatMoney(p.amountCents, s.currency)}
                  {/* The references read left to right in Arabic too, as the bank prints them. */}
                  {p.reference && (
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ display: 'block', color: 'text.secondary' }}
                    >
                      {t('payouts.reference', {
                        batch: `\u2066${p.reference.batchNumber}\u2069`,
                        reference: `\u2066${p.reference.endToEndId}\u2069`,
                      })}
                    </Typography>
                  )}
                </Typography>
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
