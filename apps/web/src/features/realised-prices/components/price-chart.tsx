import { LineChart } from '@mui/x-charts/LineChart';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { RealisedYear } from '@knotwork/shared/schemas/realised';
import { formatUsd } from '@/lib/format.ts';

/**
 * Hammer per square metre by year: the median as the strong line, the lowest and highest as light lines. Loaded only
 * when the chart is shown (MUI X Charts is about as large as the rest of the page), see price-chart-section.tsx.
 */
export default function PriceChart({ years }: { years: RealisedYear[] }) {
  const { t } = useTranslation('realised');
  const theme = useTheme();
  const money = (v: number | null) => (v === null ? '' : formatUsd(Math.round(v / 100) * 100));
  return (
    <LineChart
      height={300}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      xAxis={[
        {
          scaleType: 'point',
          data: years.map((y) => y.year),
          valueFormatter: (v: number) => String(v),
        },
      ]}
      yAxis={[{ valueFormatter: (v: number) => money(v), width: 76 }]}
      series={[
        {
          id: 'high',
          label: t('chart.high'),
          data: years.map((y) => y.highPerSqm),
          curve: 'linear',
          showMark: false,
          color: theme.palette.accent.main,
          valueFormatter: money,
        },
        {
          id: 'median',
          label: t('chart.median'),
          data: years.map((y) => y.medianPerSqm),
          curve: 'linear',
          color: theme.palette.text.primary,
          valueFormatter: money,
        },
        {
          id: 'low',
          label: t('chart.low'),
          data: years.map((y) => y.lowPerSqm),
          curve: 'linear',
          showMark: false,
          color: theme.palette.accent.main,
          valueFormatter: money,
        },
      ]}
      sx={{
        // The range's two lines are quieter than the median (data-series is set on each line's path).
        '& path[data-series="high"], & path[data-series="low"], & .MuiLineElement-series-high, & .MuiLineElement-series-low':
          { strokeDasharray: '5 4', strokeWidth: 1.5 },
      }}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
