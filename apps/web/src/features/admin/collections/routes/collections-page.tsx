import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  adminCollectionCreateSchema,
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_TITLE_MAX,
} from '@knotwork/shared/schemas/collections-staff';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import {
  useAdminCollections,
  useDeleteCollection,
  useOrderCollections,
  useSaveCollection,
  useSetCollectionStatus,
  type AdminCollection,
} from '../api/collections.ts';
import { GridThumb } from '../../shell/grid-thumb.tsx';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { CollectionRugsDialog } from '../components/collection-rugs-dialog.tsx';
import { houseMessage } from '../../shell/house-message.ts';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';

/** Create or edit a collection's title and description. */
function CollectionDialog({
  collection,
  onClose,
}: {
  collection: AdminCollection | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-house');
  const save = useSaveCollection();
  const [v, setV] = useState({ title: collection?.title ?? '', description: collection?.description ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    // The shared schema's words before anything is sent; the server checks the same again (and the title's uniqueness).
    const checked = adminCollectionCreateSchema.safeParse(v);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate(
      { ...(collection ? { id: collection.id } : {}), ...v },
      {
        onSuccess: (res) => {
          notify.success(houseMessage(res.message));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors);
          notify.error(houseMessage(e.message));
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="collection-dialog-title">
      <DialogTitle id="collection-dialog-title">
        {collection ? t('collections.edit') : t('collections.new')}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          aria-label={t('collections.form')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 4, pt: 2 }}
        >
          <TextField
            label={t('collections.fields.title')}
            value={v.title}
            required
            autoFocus
            onChange={(e) => setV((s) => ({ ...s, title: e.target.value }))}
            error={Boolean(errors.title)}
            helperText={houseMessage(errors.title)}
            slotProps={{ htmlInput: { maxLength: COLLECTION_TITLE_MAX } }}
          />
          <TextField
            label={t('collections.fields.description')}
            value={v.description}
            multiline
            minRows={3}
            onChange={(e) => setV((s) => ({ ...s, description: e.target.value }))}
            error={Boolean(errors.description)}
            helperText={houseMessage(errors.description)}
            slotProps={{ htmlInput: { maxLength: COLLECTION_DESCRIPTION_MAX } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin:common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {collection ? t('collections.save') : t('collections.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({ collection, onClose }: { collection: AdminCollection; onClose: () => void }) {
  const { t } = useTranslation('admin-house');
  const remove = useDeleteCollection();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" aria-labelledby="collection-delete-title">
      <DialogTitle id="collection-delete-title">
        {t('collections.deleteTitle', { title: collection.title })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('collections.deleteBody', { count: collection.rugCount })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin:common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(collection.id, {
              onSuccess: (res) => {
                notify.success(houseMessage(res.message));
                onClose();
              },
              onError: (e) => notify.error(houseMessage(e.message)),
            })
          }
        >
          {t('collections.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /admin/collections: the collections in the order visitors see them (the footer shows the first six), moved up
 * and down, edited, given rugs from the catalogue, published (once they hold a public rug) or taken back to
 * draft, and deleted (their rugs stay).
 */
export default function CollectionsPage() {
  const { t } = useTranslation('admin-house');
  const { can } = useCan();
  const manage = can('manage', 'collection');
  const list = useAdminCollections();
  const order = useOrderCollections();
  const status = useSetCollectionStatus();
  const grid = useServerGrid<'position'>({ field: 'position', sort: 'asc' }, 100);
  const [editing, setEditing] = useState<AdminCollection | null | 'new'>(null);
  const [deleting, setDeleting] = useState<AdminCollection | null>(null);
  const [picking, setPicking] = useState<AdminCollection | null>(null);
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate(ids, {
      onSuccess: (res) => notify.success(houseMessage(res.message)),
      onError: (e) => notify.error(houseMessage(e.message)),
    });
  };

  const setStatus = (row: AdminCollection, publish: boolean) =>
    status.mutate(
      { id: row.id, publish },
      {
        onSuccess: (res) => notify.success(houseMessage(res.message)),
        onError: (e) => notify.error(houseMessage(e.message)),
      },
    );

  const columns = useMemo<GridColDef<AdminCollection>[]>(
    () => [
      {
        field: 'position',
        headerName: t('collections.columns.position'),
        width: manage ? 130 : 70,
        sortable: false,
        renderCell: ({ row, value }: { row: AdminCollection; value?: number }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="span" sx={{ minWidth: 20 }}>
              {(value ?? 0) + 1}
            </Box>
            {manage && (
              <>
                <IconButton
                  size="small"
                  aria-label={t('collections.moveUp', { title: row.title })}
                  disabled={row.position === 0 || order.isPending}
                  onClick={() => move(row.position, -1)}
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('collections.moveDown', { title: row.title })}
                  disabled={row.position === rows.length - 1 || order.isPending}
                  onClick={() => move(row.position, 1)}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </>
            )}
          </Box>
        ),
      },
      {
        field: 'cover',
        headerName: t('collections.columns.cover'),
        width: 76,
        sortable: false,
        renderCell: ({ row }: { row: AdminCollection }) => <GridThumb src={row.cover?.fallback} width={56} />,
      },
      { field: 'title', headerName: t('collections.columns.title'), flex: 1, minWidth: 180, sortable: false },
      {
        field: 'status',
        headerName: t('collections.columns.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }: { row: AdminCollection }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'published' ? 'success' : 'default'}
            label={t(`collections.status.${row.status}`)}
          />
        ),
      },
      {
        field: 'rugCount',
        headerName: t('collections.columns.rugs'),
        width: 150,
        sortable: false,
        valueGetter: (_v: unknown, row: AdminCollection) =>
          t('collections.rugCount', { count: row.rugCount, published: row.publishedRugCount }),
      },
      ...(manage
        ? [
            {
              field: 'actions',
              headerName: t('collections.columns.actions'),
              width: 340,
              sortable: false,
              renderCell: ({ row }: { row: AdminCollection }) => (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
                  <Button size="small" onClick={() => setPicking(row)}>
                    {t('collections.rugs')}
                  </Button>
                  <Button
                    size="small"
                    disabled={status.isPending}
                    aria-label={t(
                      row.status === 'published' ? 'collections.unpublishOne' : 'collections.publishOne',
                      {
                        title: row.title,
                      },
                    )}
                    onClick={() => setStatus(row, row.status !== 'published')}
                  >
                    {t(row.status === 'published' ? 'collections.unpublish' : 'collections.publish')}
                  </Button>
                  <IconButton
                    size="small"
                    aria-label={t('collections.editOne', { title: row.title })}
                    onClick={() => setEditing(row)}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('collections.deleteOne', { title: row.title })}
                    onClick={() => setDeleting(row)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Box>
              ),
            } satisfies GridColDef<AdminCollection>,
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- move reads rows, which is listed
    [t, manage, rows, order.isPending, status.isPending],
  );

  return (
    <AdminPage
      title={t('collections.title')}
      subject="collection"
      actions={
        manage && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            {t('collections.new')}
          </Button>
        )
      }
    >
      <AdminGrid<AdminCollection>
        label={t('collections.title')}
        emptyLabel={t('collections.empty')}
        list={{ ...list, data: list.data ? { data: rows, meta: { total: rows.length } } : undefined }}
        grid={grid}
        columns={columns}
        hideFooter={rows.length <= 100}
        autoHeight
      />
      {editing && (
        <CollectionDialog collection={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteDialog collection={deleting} onClose={() => setDeleting(null)} />}
      {picking && <CollectionRugsDialog collection={picking} onClose={() => setPicking(null)} />}
    </AdminPage>
  );
}
