import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '@knotwork/shared/schemas/import-staff';
import { formatNumber } from '@/lib/format.ts';
import { useAdminSales } from '../../sales/api/sale-list.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useCan } from '../../shell/use-can.ts';
import { useImportJob } from '../api/import-job.ts';
import { usePreviewImport, useStartImport, type ImportFiles } from '../api/upload-import.ts';
import { FileDrop } from '../components/import-file-drop.tsx';
import { ImportResult } from '../components/import-result.tsx';
import { PreviewGrid } from '../components/import-preview-grid.tsx';
import { importMessage } from '../lib/import-message.ts';
import { downloadTemplate } from '../lib/import-files.ts';

/** The answer's field errors, one line each; a refused file names the row (its line) and the column (issue 25). */
function fieldErrors(error: unknown, label: (field: string) => string): string[] {
  const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
  return Object.entries(body?.errors ?? {}).map(
    ([field, text]) =>
      `${label(field)}: ${field === 'row' || field === 'column' || field === 'columns' ? text : importMessage(text)}`,
  );
}

/**
 * Import (issue 11, decision 058): choose rugs or lots (into a draft sale), drop a CSV (and a zip of photos),
 * check it (each row's errors; nothing written), then import with a progress bar and a report of the bad rows.
 */
export default function ImportPage() {
  const { t } = useTranslation('admin-import');
  const { can } = useCan();
  const [kind, setKind] = useState<ImportKind>('rugs');
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [auctionId, setAuctionId] = useState('');
  const [upload, setUpload] = useState(0);
  const [jobId, setJobId] = useState<string | null>(null);
  const preview = usePreviewImport(setUpload);
  const start = useStartImport(setUpload);
  const job = useImportJob(jobId);
  const sales = useAdminSales({ page: 1, pageSize: 100 }, kind === 'lots');
  const drafts = (sales.data?.data ?? []).filter((s) => s.status === 'draft');
  const mayImport = kind === 'rugs' ? can('manage', 'rug') : can('manage', 'lot');

  const reset = () => {
    preview.reset();
    start.reset();
    setJobId(null);
  };
  const files = (): ImportFiles | null => (csv ? { kind, csv, zip, auctionId } : null);
  const check = () => {
    const f = files();
    if (f) {
      reset();
      setUpload(0);
      preview.mutate(f);
    }
  };
  const run = () => {
    const f = files();
    if (f) {
      setUpload(0);
      start.mutate(f, { onSuccess: (j) => setJobId(j.id) });
    }
  };
  const summary = preview.data?.summary;
  const failure = preview.error ?? start.error;
  const busy = preview.isPending || start.isPending;

  return (
    <AdminPage
      title={t('title')}
      subject="rug"
      actions={
        <Button startIcon={<DownloadOutlined />} onClick={() => downloadTemplate(kind)}>
          {t('template', { kind: t(`kind.${kind}`) })}
        </Button>
      }
    >
      {!mayImport ? (
        <Alert severity="info">{t('notAllowed')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 4, minWidth: 0 }}>
          <Typography color="text.secondary">{t(`intro.${kind}`)}</Typography>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              value={kind}
              aria-label={t('kind.label')}
              onChange={(_e, v: ImportKind | null) => {
                if (v) {
                  setKind(v);
                  setZip(null);
                  reset();
                }
              }}
              size="small"
              // The theme's secondary text falls just under 4.5:1 on the page's background at this size.
              sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root': { color: 'text.primary' } }}
            >
              <ToggleButton value="rugs">{t('kind.rugs')}</ToggleButton>
              <ToggleButton value="lots">{t('kind.lots')}</ToggleButton>
            </ToggleButtonGroup>
            {kind === 'lots' && (
              <TextField
                select
                size="small"
                label={t('sale.label')}
                value={auctionId}
                onChange={(e) => {
                  setAuctionId(e.target.value);
                  reset();
                }}
                sx={{ minWidth: 240, maxWidth: '100%' }}
                helperText={sales.isSuccess && drafts.length === 0 ? t('sale.none') : undefined}
                error={sales.isError}
              >
                {drafts.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.title}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          <FileDrop
            csv={csv}
            zip={zip}
            allowZip={kind === 'rugs'}
            onCsv={(f) => {
              setCsv(f);
              reset();
            }}
            onZip={(f) => {
              setZip(f);
              reset();
            }}
          />
          <Box>
            <Button
              variant="contained"
              disabled={!csv || busy || (kind === 'lots' && !auctionId)}
              onClick={check}
            >
              {t('check')}
            </Button>
          </Box>
          {busy && (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography id="upload-label" variant="body2" color="text.secondary">
                {t('uploading')}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.round(upload * 100)}
                aria-labelledby="upload-label"
              />
            </Box>
          )}
          {failure && (
            <Alert severity="error">
              {importMessage(failure.message)}
              {fieldErrors(failure, (f) => t(`errorAt.${f}`, { defaultValue: f })).map((line) => (
                <Box key={line} component="span" sx={{ display: 'block' }}>
                  {line}
                </Box>
              ))}
            </Alert>
          )}
          {preview.data && summary && !jobId && (
            <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
              <Box role="status" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                <Chip color="success" label={t('summary.toCreate', { n: formatNumber(summary.toCreate) })} />
                <Chip label={t('summary.existing', { n: formatNumber(summary.existing) })} />
                <Chip
                  color={summary.inError ? 'error' : 'default'}
                  label={t('summary.inError', { n: formatNumber(summary.inError) })}
                />
                {summary.photos > 0 && (
                  <Chip label={t('summary.photos', { n: formatNumber(summary.photos) })} />
                )}
              </Box>
              {preview.data.warnings.map((w) => (
                <Alert key={w} severity="warning">
                  {importMessage(w)}
                </Alert>
              ))}
              <PreviewGrid key={`${preview.data.kind}-${summary.total}`} preview={preview.data} />
              <Box>
                <Button variant="contained" disabled={summary.toCreate === 0 || busy} onClick={run}>
                  {t('import', { count: summary.toCreate, n: formatNumber(summary.toCreate) })}
                </Button>
              </Box>
            </Box>
          )}
          {jobId && job.isError && <Alert severity="error">{t('jobFailed')}</Alert>}
          {jobId && !job.data && !job.isError && <LinearProgress aria-label={t('uploading')} />}
          {job.data && <ImportResult job={job.data} />}
        </Box>
      )}
    </AdminPage>
  );
}
