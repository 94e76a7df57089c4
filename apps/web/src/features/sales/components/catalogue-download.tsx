import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import type { PrintedKind } from '@knotwork/shared/schemas/printed-catalogues';
import { env } from '@/config/env.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { usePrinted } from '../api/get-printed.ts';

/**
 * "Download catalogue (PDF)" on a sale's page, in the reader's language (issue 29 §3, decision 094); after the sale
 * the realised prices too. While the house's server makes the PDF the button waits, saying how far it has got.
 */
function PrintedLink({ saleId, kind, language }: { saleId: string; kind: PrintedKind; language: Language }) {
  const { t } = useTranslation('sales');
  const { data, isPending, isError, error, refetch } = usePrinted(saleId, kind, language);
  const label = t(`printed.${kind}`);
  if (isPending)
    return <Skeleton variant="rounded" width={240} height={36} aria-label={t('printed.checking')} />;
  if (isError)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
          {t('printed.error', { reason: errorMessage(error) })}
        </Typography>
        <Button size="small" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Box>
    );
  if (data.state === 'ready' && data.url)
    return (
      <Button
        component="a"
        href={`${env.apiBaseUrl}${data.url}`}
        download
        variant="outlined"
        color="inherit"
        startIcon={<PictureAsPdfOutlined />}
      >
        {label}
      </Button>
    );
  if (data.state === 'failed')
    return (
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
        {t('printed.failed')}
      </Typography>
    );
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}
    >
      <Button
        variant="outlined"
        color="inherit"
        disabled
        startIcon={<CircularProgress size={16} aria-hidden />}
      >
        {label}
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {data.lotsTotal > 0
          ? t('printed.preparingLots', { done: data.lotsDone, total: data.lotsTotal })
          : t('printed.preparing')}
      </Typography>
    </Box>
  );
}

export function CatalogueDownload({ saleId, ended }: { saleId: string; ended: boolean }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
      <PrintedLink saleId={saleId} kind="catalogue" language={language} />
      {ended && <PrintedLink saleId={saleId} kind="realised" language={language} />}
    </Box>
  );
}
