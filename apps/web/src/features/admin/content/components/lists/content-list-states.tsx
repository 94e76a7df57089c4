import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';

/** Loading and error states of a content list; `children` once it has data. */
export function Loaded({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-content');
  if (query.isPending)
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  if (query.isError)
    return (
      <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  return <>{children}</>;
}

/** A content list with nothing in it yet. */
export function Empty({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{text}</Typography>
    </Paper>
  );
}
