import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useTranslation } from 'react-i18next';
import { staffRoles, type StaffRole } from '@knotwork/shared/abilities/staff';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { notify } from '@/lib/toast.ts';
import { useAddStaff, useSetStaffRole, useStaffAccounts } from '../api/staff.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const add = useAddStaff();
  const [v, setV] = useState({ email: '', firstName: '', lastName: '', role: 'specialist' as StaffRole });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const text = (k: 'email' | 'firstName' | 'lastName') => (
    <TextField
      label={t(`staff.fields.${k}`)}
      value={v[k]}
      required
      type={k === 'email' ? 'email' : 'text'}
      onChange={(e) => setV((s) => ({ ...s, [k]: e.target.value }))}
      error={Boolean(errors[k])}
      helperText={adminMessage(errors[k])}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('staff.add')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 4, pt: 2 }}>
          {text('email')}
          {text('firstName')}
          {text('lastName')}
          <TextField
            select
            label={t('staff.fields.role')}
            value={v.role}
            onChange={(e) => setV((s) => ({ ...s, role: e.target.value as StaffRole }))}
          >
            {staffRoles.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('staff.passwordHint')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={add.isPending}
          onClick={() =>
            add.mutate(v, {
              onSuccess: (res) => {
                notify.success(adminMessage(res.message));
                onClose();
              },
              onError: (e) => {
                if (e instanceof ApiError) setErrors(e.fieldErrors);
                notify.error(adminMessage(e.message));
              },
            })
          }
        >
          {t('staff.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /admin/staff: who works in the back office and in which role; admins add people and change or remove roles. */
export default function StaffPage() {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const me = useAuthStore((s) => s.user?.id);
  const list = useStaffAccounts();
  const setRole = useSetStaffRole();
  const [adding, setAdding] = useState(false);
  const manage = can('manage', 'staff');
  const change = (id: string, role: string) =>
    setRole.mutate(
      { id, role: role as StaffRole | 'user' },
      {
        onSuccess: (res) => notify.success(adminMessage(res.message)),
        onError: (e) => notify.error(adminMessage(e.message)),
      },
    );

  return (
    <AdminPage
      title={t('staff.title')}
      subject="staff"
      actions={
        manage && (
          <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setAdding(true)}>
            {t('staff.add')}
          </Button>
        )
      }
    >
      {list.isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 20 }}
        >
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : list.isError || !list.data ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('staff.empty')} />
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          aria-label={t('staff.title')}
        >
          {list.data.map((s) => (
            <Box
              component="li"
              key={s.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 3,
                px: { xs: 4, md: 6 },
                py: 3,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography variant="body1">{s.name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {s.email}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {s.lastActionAt
                    ? t('staff.lastAction', { at: new Date(s.lastActionAt).toLocaleString() })
                    : t('staff.noAction')}
                </Typography>
              </Box>
              {manage && s.id !== me ? (
                <TextField
                  select
                  size="small"
                  label={t('staff.fields.role')}
                  value={s.role}
                  disabled={setRole.isPending}
                  onChange={(e) => change(s.id, e.target.value)}
                  sx={{ minWidth: 200 }}
                  slotProps={{ htmlInput: { 'aria-label': t('staff.roleOf', { name: s.name }) } }}
                >
                  {staffRoles.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`roles.${r}`)}
                    </MenuItem>
                  ))}
                  <MenuItem value="user">{t('staff.remove')}</MenuItem>
                </TextField>
              ) : (
                <Typography variant="body2">{t(`roles.${s.role}`)}</Typography>
              )}
            </Box>
          ))}
        </Paper>
      )}
      {adding && <AddStaffDialog onClose={() => setAdding(false)} />}
    </AdminPage>
  );
}
