import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '@knotwork/shared/schemas/settlement-reports-staff';
import { formatNumber } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { formatRate } from '../lib/period.ts';

/** The figure columns the tables show, after their own label column. */
const COLUMNS: { key: keyof ReportFigures; format: (f: ReportFigures, currency: string) => string }[] = [
  { key: 'lotsOffered', format: (f) => formatNumber(f.lotsOffered) },
  { key: 'lotsSold', format: (f) => formatNumber(f.lotsSold) },
  { key: 'unsoldRateBps', format: (f) => formatRate(f.unsoldRateBps) },
  { key: 'hammerCents', format: (f, cur) => formatMoney(f.hammerCents, cur) },
  { key: 'commissionCents', format: (f, cur) => formatMoney(f.commissionCents, cur) },
  { key: 'feesCents', format: (f, cur) => formatMoney(f.feesCents, cur) },
  { key: 'vatCents', format: (f, cur) => formatMoney(f.vatCents, cur) },
  { key: 'netCents', format: (f, cur) => formatMoney(f.netCents, cur) },
];

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** The label column stays in view while a phone scrolls the figures sideways. */
const sticky = {
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: { xs: 140, sm: 200 },
  maxWidth: { xs: 160, sm: 320 },
} as const;

/**
 * One report as a table: a label column (a sale, a month, a consignor) then the figures, with a totals row. Wide
 * tables scroll sideways inside their own box, so the page itself never scrolls sideways on a phone.
 */
export function ReportTable<R extends ReportFigures>({
  label,
  labelHeader,
  rows,
  rowKey,
  renderLabel,
  totals,
  columns,
  currency,
  testId,
}: {
  label: string;
  labelHeader: string;
  rows: R[];
  rowKey: (row: R) => string;
  renderLabel: (row: R) => ReactNode;
  totals: ReportFigures;
  columns?: (keyof ReportFigures)[];
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation('admin-reports');
  const shown = COLUMNS.filter((c) => !columns || columns.includes(c.key));
  return (
    <TableContainer
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        maxWidth: '100%',
        overflowX: 'auto',
        bgcolor: 'background.paper',
      }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>{labelHeader}</TableCell>
            {shown.map((c) => (
              <TableCell key={c.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t(`columns.${c.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover data-testid={`${testId}-row`}>
              <TableCell component="th" scope="row" sx={sticky}>
                {renderLabel(row)}
              </TableCell>
              {shown.map((c) => (
                <TableCell key={c.key} align="right" sx={numeric}>
                  {c.format(row, currency)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-testid={`${testId}-totals`} sx={{ '& > *': { fontWeight: 600 } }}>
            <TableCell component="th" scope="row" sx={{ ...sticky, fontWeight: 600 }}>
              {t('total')}
            </TableCell>
            {shown.map((c) => (
              <TableCell key={c.key} align="right" sx={{ ...numeric, fontWeight: 600 }}>
                {c.format(totals, currency)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
