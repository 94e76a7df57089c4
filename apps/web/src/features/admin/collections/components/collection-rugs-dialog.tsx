import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { AdminCollectionRug } from '@knotwork/shared/schemas/collections-staff';
import type { AdminRugRow } from '@knotwork/shared/schemas/catalogue-staff';
import { notify } from '@/lib/toast.ts';
import {
  useAddCollectionRugs,
  useAdminCollections,
  useCollectionRugs,
  useRemoveCollectionRug,
  useSetCollectionCover,
  type AdminCollection,
} from '../api/collections.ts';
import { useAdminRugs } from '../../catalogue/api/rugs.ts';
import { houseMessage } from '../../shell/house-message.ts';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useDebounced } from '../../shell/use-debounced.ts';
import { GridThumb } from '../../shell/grid-thumb.tsx';
import { AdminGrid } from '../../shell/admin-grid.tsx';

/**
 * A collection's rugs: pick more from the catalogue (the rug grid's own search), take one out, and choose the
 * cover picture (else the collection shows its most valuable rug's first photo).
 */
export function CollectionRugsDialog({
  collection: opened,
  onClose,
}: {
  collection: AdminCollection;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-house');
  // The list's fresh copy, so a new cover shows at once.
  const collection = useAdminCollections().data?.data.find((c) => c.id === opened.id) ?? opened;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), 250);
  const search = useAdminRugs({ page: 1, pageSize: 20, q: q || undefined });
  const [picked, setPicked] = useState<AdminRugRow[]>([]);
  const grid = useServerGrid<'title'>({ field: 'title', sort: 'asc' });
  const rugs = useCollectionRugs(collection.id, grid.query.page, grid.query.pageSize);
  const add = useAddCollectionRugs(collection.id);
  const remove = useRemoveCollectionRug(collection.id);
  const cover = useSetCollectionCover(collection.id);
  const done = {
    onSuccess: (res: { message: string }) => notify.success(houseMessage(res.message)),
    onError: (e: Error) => notify.error(houseMessage(e.message)),
  };

  const columns = useMemo<GridColDef<AdminCollectionRug>[]>(
    () => [
      {
        field: 'image',
        headerName: t('collections.columns.photo'),
        width: 70,
        sortable: false,
        renderCell: ({ row }: { row: AdminCollectionRug }) => (
          <GridThumb src={row.image?.fallback} width={48} />
        ),
      },
      { field: 'title', headerName: t('collections.columns.title'), flex: 1, minWidth: 160, sortable: false },
      { field: 'originRegion', headerName: t('collections.columns.region'), width: 130, sortable: false },
      {
        field: 'remove',
        headerName: '',
        width: 60,
        sortable: false,
        renderCell: ({ row }: { row: AdminCollectionRug }) => (
          <IconButton
            size="small"
            aria-label={t('collections.removeRug', { title: row.title })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(row.id, done)}
          >
            <RemoveCircleOutline fontSize="small" />
          </IconButton>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `done` only shows toasts
    [t, remove],
  );

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="collection-rugs-title"
    >
      <DialogTitle id="collection-rugs-title">
        {t('collections.rugsOf', { title: collection.title })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 4, pt: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Autocomplete<AdminRugRow, true>
              multiple
              sx={{ flex: '1 1 260px', minWidth: 0 }}
              options={search.data?.data ?? []}
              loading={search.isFetching}
              value={picked}
              onChange={(_e, value) => setPicked(value)}
              inputValue={input}
              onInputChange={(_e, s, reason) => reason !== 'reset' && setInput(s)}
              filterOptions={(x) => x}
              getOptionLabel={(r) => r.title}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderOption={(props, r) => (
                <li {...props} key={r.id}>
                  {r.title} · {r.originRegion}
                </li>
              )}
              renderInput={(params) => <TextField {...params} label={t('collections.findRugs')} />}
            />
            <Button
              variant="contained"
              disabled={!picked.length || add.isPending}
              onClick={() =>
                add.mutate(
                  picked.map((r) => r.id),
                  {
                    ...done,
                    onSuccess: (res) => {
                      setPicked([]);
                      done.onSuccess(res);
                    },
                  },
                )
              }
              sx={{ mt: 1 }}
            >
              {t('collections.addRugs', { count: picked.length })}
            </Button>
          </Box>
          <AdminGrid<AdminCollectionRug>
            label={t('collections.rugsOf', { title: collection.title })}
            emptyLabel={t('collections.noRugs')}
            list={rugs}
            grid={grid}
            columns={columns}
            autoHeight
          />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 200px' }}>
              {collection.coverImageId ? t('collections.ownCover') : t('collections.rugCover')}
            </Typography>
            <Button component="label" variant="outlined" disabled={cover.isPending}>
              {t('collections.uploadCover')}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) cover.mutate(file, done);
                  e.target.value = '';
                }}
              />
            </Button>
            {collection.coverImageId && (
              <Button onClick={() => cover.mutate(null, done)} disabled={cover.isPending}>
                {t('collections.removeCover')}
              </Button>
            )}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin:common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
