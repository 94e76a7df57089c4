import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { UNPAID_BLOCK_REASON } from '@knotwork/shared/schemas/strikes';
import { notify } from '@/lib/toast.ts';
import { useBlockBidder } from '../api/block-bidder.ts';
import { DepositsToApply } from '../components/deposits-to-apply.tsx';
import { useAdminUsers, type AdminUserRow } from '../api/bidder-list.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

/** Users by name or e-mail; accounts and admins block (with a reason) and unblock bidders. */
export default function BiddersPage() {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const grid = useServerGrid<'createdAt'>({ field: 'createdAt', sort: 'desc' });
  const [search, setSearch] = useState('');
  const [blocking, setBlocking] = useState<AdminUserRow | null>(null);
  const [reason, setReason] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useAdminUsers({
    page: grid.query.page,
    pageSize: grid.query.pageSize,
    q: q || undefined,
  });
  const block = useBlockBidder();
  const navigate = useNavigate();
  const manage = can('manage', 'bidder');

  const act = (row: AdminUserRow, doBlock: boolean, why?: string) =>
    block.mutate(
      { id: row.id, block: doBlock, reason: why },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          setBlocking(null);
          setReason('');
        },
        onError: (e) => notify.error(adminMessage(e.message)),
      },
    );

  const columns = useMemo<GridColDef<AdminUserRow>[]>(
    () => [
      { field: 'name', headerName: t('bidders.columns.name'), flex: 1, minWidth: 160, sortable: false },
      { field: 'email', headerName: t('bidders.columns.email'), flex: 1, minWidth: 200, sortable: false },
      {
        field: 'role',
        headerName: t('bidders.columns.role'),
        width: 130,
        sortable: false,
        valueFormatter: (v: string) => t(`roles.${v}`),
      },
      {
        field: 'biddingBlockedAt',
        headerName: t('bidders.columns.bidding'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) =>
          row.biddingBlockedAt ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={
                row.biddingBlockedReason === UNPAID_BLOCK_REASON
                  ? `${t('bidders.blocked')} · ${t('strikes.reasonUnpaid')}`
                  : t('bidders.blocked')
              }
            />
          ) : (
            <Chip size="small" variant="outlined" label={t('bidders.allowed')} />
          ),
      },
      {
        field: 'activeStrikes',
        headerName: t('strikes.column'),
        width: 110,
        sortable: false,
        type: 'number',
        valueGetter: (_v: unknown, row: AdminUserRow) => row.activeStrikes ?? 0,
      },
      ...(manage
        ? [
            {
              field: 'actions',
              headerName: t('bidders.columns.actions'),
              width: 150,
              sortable: false,
              renderCell: ({ row }: { row: AdminUserRow }) =>
                row.role !== 'user' ? null : row.biddingBlockedAt ? (
                  <Button
                    size="small"
                    onClick={(e) => {
                      e.stopPropagation(); // the row opens the bidder's page
                      act(row, false);
                    }}
                    aria-label={t('bidders.unblockName', { name: row.name })}
                  >
                    {t('bidders.unblock')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    color="error"
                    onClick={(e) => {
                      e.stopPropagation();
                      setBlocking(row);
                    }}
                    aria-label={t('bidders.blockName', { name: row.name })}
                  >
                    {t('bidders.block')}
                  </Button>
                ),
            } satisfies GridColDef<AdminUserRow>,
          ]
        : []),
    ],
    [t, manage], // eslint-disable-line react-hooks/exhaustive-deps
  );

  return (
    <AdminPage title={t('bidders.title')} subject="bidder">
      <DepositsToApply />
      <Box>
        <TextField
          size="small"
          type="search"
          label={t('bidders.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 260 }}
        />
      </Box>
      <AdminGrid<AdminUserRow>
        label={t('bidders.title')}
        emptyLabel={t('bidders.empty')}
        list={list}
        grid={grid}
        columns={columns}
        onOpen={(row) => void navigate(paths.adminBidder.href(row.id))}
      />
      <Dialog open={blocking !== null} onClose={() => setBlocking(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('bidders.blockTitle', { name: blocking?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={t('bidders.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBlocking(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={block.isPending}
            onClick={() => blocking && act(blocking, true, reason.trim() || undefined)}
          >
            {t('bidders.block')}
          </Button>
        </DialogActions>
      </Dialog>
    </AdminPage>
  );
}
