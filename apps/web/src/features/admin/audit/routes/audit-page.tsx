import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { UNPAID_BLOCK_REASON } from '@knotwork/shared/schemas/strikes';
import { STAFF_ACTIONS, type AdminAuditEntry } from '@knotwork/shared/schemas/audit-staff';
import { useAdminAudit } from '../api/audit-list.ts';
import { useStaffAccounts } from '../../staff/api/staff.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';

/** Every staff action, newest first, by person, kind and day range (UTC), all filtered on the server. */
export default function AuditPage() {
  const { t } = useTranslation(['admin', 'admin-house']);
  const { can } = useCan();
  // The person filter lists staff accounts, which only roles that read staff may list (a 403 otherwise).
  const staff = useStaffAccounts(can('read', 'audit') && can('read', 'staff'));
  const [staffId, setStaffId] = useState('');
  // Kinds added after the admin namespace was written carry their labels in admin-house.
  const kind = (a: string) => t([`audit.actions.${a}`, `admin-house:auditActions.${a}`]);
  const grid = useServerGrid<'at'>({ field: 'at', sort: 'desc' });
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const list = useAdminAudit(
    {
      page: grid.query.page,
      pageSize: grid.query.pageSize,
      staffId: staffId || undefined,
      action: action || undefined,
      from: from || undefined,
      to: to || undefined,
    },
    can('read', 'audit'),
  );
  const columns = useMemo<GridColDef<AdminAuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: t('audit.columns.at'),
        width: 180,
        sortable: false,
        valueFormatter: (v: string) => new Date(v).toLocaleString(),
      },
      {
        field: 'staffName',
        headerName: t('audit.columns.staff'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        // The strikes job's block has no staff member: the house's own rule (decision 092).
        valueFormatter: (v: string | null, row: AdminAuditEntry) =>
          v ?? (row.reason === UNPAID_BLOCK_REASON ? t('strikes.houseRule') : '—'),
      },
      {
        field: 'action',
        headerName: t('audit.columns.action'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueFormatter: (v: string) => kind(v),
      },
      {
        field: 'reason',
        headerName: t('audit.columns.reason'),
        flex: 2,
        minWidth: 200,
        sortable: false,
        valueFormatter: (v: string | null, row: AdminAuditEntry) =>
          row.action === 'block_bidder' && v === UNPAID_BLOCK_REASON ? t('strikes.reasonUnpaid') : (v ?? ''),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kind is t
    [t],
  );
  const onFilter = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    grid.resetPage();
  };
  return (
    <AdminPage title={t('audit.title')} subject="audit">
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('admin-house:audit.person')}
          value={staffId}
          onChange={onFilter(setStaffId)}
          sx={{ minWidth: 220, maxWidth: '100%' }}
        >
          <MenuItem value="">{t('admin-house:audit.everyone')}</MenuItem>
          {(staff.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('audit.columns.action')}
          value={action}
          onChange={onFilter(setAction)}
          sx={{ minWidth: 220, maxWidth: '100%' }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {STAFF_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {kind(a)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('audit.from')}
          value={from}
          onChange={onFilter(setFrom)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('audit.to')}
          value={to}
          onChange={onFilter(setTo)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <AdminGrid<AdminAuditEntry>
        label={t('audit.title')}
        emptyLabel={t('audit.empty')}
        list={list}
        grid={grid}
        columns={columns}
      />
    </AdminPage>
  );
}
