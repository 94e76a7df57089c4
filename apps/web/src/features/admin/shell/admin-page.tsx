import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { AbilitySubject } from '@knotwork/shared/abilities/staff';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useCan } from './use-can.ts';

/**
 * A back-office page: its one h1, actions on the right, and the content, shown only to roles that may read
 * `subject` (others see why, as the server would answer them 403).
 */
export function AdminPage({
  title,
  subject,
  actions,
  children,
}: {
  title: string;
  subject: AbilitySubject;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  if (!can('read', subject)) {
    return (
      <EmptyState
        icon={<LockOutlined />}
        title={t('forbidden.title')}
        description={t('forbidden.body')}
        headingComponent="h1"
      />
    );
  }
  return (
    // One column that may shrink below its children's widest content: without minmax(0, 1fr) a scrollable
    // tab strip or a wide grid inside a section pushes the whole page sideways on a phone.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 5 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 3,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
