import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';
import type { AdminPrinted, PrintedKind } from '@knotwork/shared/schemas/printed-catalogues';
import { env } from '@/config/env.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { usePreparePrinted, useSalePrinted } from '../api/printed.ts';

function Row({
  saleId,
  kind,
  language,
  printed,
  canRealise,
}: {
  saleId: string;
  kind: PrintedKind;
  language: Language;
  printed: AdminPrinted | undefined;
  canRealise: boolean;
}) {
  const { t } = useTranslation('admin');
  const prepare = usePreparePrinted(saleId);
  const name = t(`printed.kind.${kind}`);
  const lang = t(`printed.language.${language}`);
  let state: React.ReactNode;
  if (!printed) state = t('printed.none');
  else if (printed.state === 'producing')
    state = (
      <Box sx={{ minWidth: 160 }}>
        <Typography variant="body2">
          {printed.lotsTotal > 0
            ? t('printed.progress', { done: printed.lotsDone, total: printed.lotsTotal })
            : t('printed.queued')}
        </Typography>
        <LinearProgress
          variant={printed.lotsTotal > 0 ? 'determinate' : 'indeterminate'}
          value={printed.lotsTotal > 0 ? (100 * printed.lotsDone) / printed.lotsTotal : 0}
          aria-label={t('printed.progressLabel', { kind: name, language: lang })}
        />
      </Box>
    );
  else if (printed.state === 'failed') state = t('printed.failed');
  else state = t('printed.ready', { size: ((printed.sizeBytes ?? 0) / 1e6).toFixed(1) });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr auto' },
        gap: 2,
        alignItems: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name} · {lang}
      </Typography>
      <Box sx={{ color: 'text.secondary' }}>{state}</Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {printed?.state === 'ready' && printed.url && (
          <Button size="small" component="a" href={`${env.apiBaseUrl}${printed.url}`} download>
            {t('printed.download')}
          </Button>
        )}
        {(kind === 'catalogue' || canRealise) && printed?.state !== 'producing' && (
          <Button
            size="small"
            variant="outlined"
            disabled={prepare.isPending}
            onClick={() => prepare.mutate({ kind, language })}
          >
            {t('printed.prepare')}
          </Button>
        )}
      </Box>
      {prepare.isError && (
        <Typography variant="caption" role="alert" sx={{ color: 'error.main', gridColumn: '1 / -1' }}>
          {errorMessage(prepare.error)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The sale's printed catalogue and realised prices in each language (issue 29 §3): which are ready, and the lots
 * prepared of the total while one is being made. A change to the sale or a lot makes them again when next asked for.
 */
export function SalePrinted({ saleId, over }: { saleId: string; over: boolean }) {
  const { t } = useTranslation('admin');
  const { data, isPending, isError, error, refetch } = useSalePrinted(saleId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sale-printed-title" sx={{ p: 3 }}>
      <Typography variant="subtitle1" component="h2" id="sale-printed-title">
        {t('printed.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('printed.intro')}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={96} aria-label={t('printed.loading')} />
      ) : isError ? (
        <Box role="alert" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {t('printed.error', { reason: errorMessage(error) })}
          </Typography>
          <Button size="small" onClick={() => void refetch()}>
            {t('printed.retry')}
          </Button>
        </Box>
      ) : (
        (['catalogue', 'realised'] as const).flatMap((kind) =>
          kind === 'realised' && !over
            ? []
            : SUPPORTED_LANGUAGES.map((language) => (
                <Row
                  key={`${kind}-${language}`}
                  saleId={saleId}
                  kind={kind}
                  language={language}
                  printed={data.find((p) => p.kind === kind && p.language === language)}
                  canRealise={over}
                />
              )),
        )
      )}
    </Paper>
  );
}
