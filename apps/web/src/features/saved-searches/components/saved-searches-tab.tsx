import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import { useTranslation } from 'react-i18next';
import type { SavedSearch } from '@knotwork/shared/schemas/saved-search';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches.ts';
import { SavedSearchDialog } from './saved-search-dialog.tsx';

/** The search's listing. Stored filters are already compact (no paging or sort), as /rug-listings?data= writes them. */
const listingHref = (filter: Record<string, unknown>) =>
  Object.keys(filter).length === 0 ? paths.rugListing.href() : paths.rugListings.href(filter);

/** My Items > Saved searches: open, rename, change the e-mail choice, pause and delete. */
export function SavedSearchesTab() {
  const { t } = useTranslation('saved-searches');
  const query = useSavedSearches();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();

  if (query.isPending)
    return (
      <Box
        aria-busy="true"
        aria-label={t('loading')}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  if (query.isError)
    return (
      <ErrorState
        message={t('error', { reason: errorMessage(query.error) })}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={<BookmarkBorderOutlined />}
        title={t('emptyTitle')}
        description={t('emptyBody')}
        action={
          <Button component={RouterLink} to={paths.rugListing.href()} variant="contained">
            {t('browse')}
          </Button>
        }
      />
    );

  const togglePause = (search: SavedSearch) =>
    update.mutate(
      { id: search.id, paused: !search.paused },
      {
        onSuccess: () => notify.success(t(search.paused ? 'toast.resumed' : 'toast.paused')),
        onError: (error) => notify.fromError(error),
      },
    );

  return (
    <>
      <Box
        component="ul"
        data-testid="saved-searches"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 3 }}
      >
        {query.data.map((search) => (
          <Paper
            key={search.id}
            component="li"
            variant="outlined"
            sx={{
              p: { xs: 4, md: 5 },
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
              alignItems: 'center',
              opacity: search.paused ? 0.75 : 1,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {search.name}
                </Typography>
                {search.paused && <Chip size="small" label={t('paused')} />}
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t(`emailSummary.${search.emailMode}`)}
                {' · '}
                {t('alertCount', { count: search.alertCount })}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                component={RouterLink}
                to={listingHref(search.filter)}
                size="small"
                variant="outlined"
                color="inherit"
              >
                {t('open')}
              </Button>
              <Button
                size="small"
                color="inherit"
                onClick={() => setEditing(search)}
                aria-label={t('editNamed', { name: search.name })}
              >
                {t('edit')}
              </Button>
              <FormControlLabel
                control={
                  <Switch
                    checked={!search.paused}
                    onChange={() => togglePause(search)}
                    slotProps={{ input: { 'aria-label': t('alertsFor', { name: search.name }) } }}
                  />
                }
                label={t('alerts')}
                sx={{ mx: 0 }}
              />
              <Button
                size="small"
                color="error"
                onClick={() => setDeleting(search)}
                aria-label={t('deleteNamed', { name: search.name })}
              >
                {t('delete')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>

      {editing && (
        <SavedSearchDialog
          key={editing.id}
          open
          mode="edit"
          initial={{ name: editing.name, emailMode: editing.emailMode }}
          busy={update.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            update.mutate(
              { id: editing.id, ...values },
              {
                onSuccess: () => {
                  notify.success(t('toast.updated'));
                  setEditing(null);
                },
                onError: (error) => notify.fromError(error),
              },
            )
          }
        />
      )}

      <Dialog
        open={Boolean(deleting)}
        onClose={remove.isPending ? undefined : () => setDeleting(null)}
        aria-labelledby="delete-search-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="delete-search-title">{t('deleteDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{deleting && t('deleteDialog.body', { name: deleting.name })}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 6, pb: 5 }}>
          <Button color="inherit" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            {t('deleteDialog.keep')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  notify.success(t('toast.deleted'));
                  setDeleting(null);
                },
                onError: (error) => notify.fromError(error),
              })
            }
          >
            {t('deleteDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export default SavedSearchesTab;
