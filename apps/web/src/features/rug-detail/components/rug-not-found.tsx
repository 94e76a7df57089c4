import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';

/** An unknown, unpublished or withdrawn rug: say so plainly and lead back to the catalogue. */
export function RugNotFound() {
  const { t } = useTranslation('rug');
  return (
    <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
        <EmptyState
          headingComponent="h1"
          icon={<Inventory2Outlined />}
          title={t('notFound.title')}
          description={t('notFound.body')}
          action={
            <Button component={RouterLink} to={paths.rugListing.href()} variant="contained">
              {t('notFound.action')}
            </Button>
          }
        />
      </Box>
    </PageContainer>
  );
}
