import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ImportJob } from '@knotwork/shared/schemas/import-staff';
import { paths } from '@/config/paths.ts';
import { formatNumber } from '@/lib/format.ts';
import { downloadText, errorsCsv } from '../lib/import-files.ts';
import { importMessage } from '../lib/import-message.ts';

/** The running import's progress bar, then what it did: created, skipped, and the rows in error to fix. */
export function ImportResult({ job }: { job: ImportJob }) {
  const { t } = useTranslation('admin-import');
  const percent = job.total ? Math.round((job.done / job.total) * 100) : 100;
  const running = job.status === 'running';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography id="import-progress-label" variant="body2" color="text.secondary">
          {t('progress.label', { done: formatNumber(job.done), total: formatNumber(job.total) })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-labelledby="import-progress-label"
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      {!running && (
        <Alert
          severity={job.status === 'failed' ? 'error' : job.failed ? 'warning' : 'success'}
          role="status"
        >
          {job.status === 'failed'
            ? t('result.failed')
            : t('result.summary', {
                created: formatNumber(job.created),
                skipped: formatNumber(job.skipped),
                failed: formatNumber(job.failed),
              })}
        </Alert>
      )}
      {!running && job.kind === 'rugs' && job.created > 0 && (
        <Box>
          <Button component={RouterLink} to={paths.adminRugs.href()} variant="outlined">
            {t('result.openRugs')}
          </Button>
        </Box>
      )}
      {!running && job.errors.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box
            sx={{
              display: 'flex',
              gap: 2,
              alignItems: 'center',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
            }}
          >
            <Typography variant="h6" component="h2">
              {t('result.badRows')}
            </Typography>
            <Button
              variant="text"
              onClick={() => downloadText(`knotwork-${job.kind}-errors.csv`, errorsCsv(job.errors))}
            >
              {t('result.downloadErrors')}
            </Button>
          </Box>
          <List
            dense
            aria-label={t('result.badRows')}
            sx={{ bgcolor: 'background.paper', borderRadius: '12px', maxHeight: 320, overflow: 'auto' }}
          >
            {job.errors.slice(0, 200).map((e, i) => (
              <ListItem key={`${e.line}-${e.field}-${i}`}>
                <ListItemText
                  primary={t('result.errorLine', { line: e.line, field: e.field })}
                  secondary={importMessage(e.message)}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
