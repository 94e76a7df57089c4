import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { CollectionGrid } from '../components/collection-grid.tsx';

export function CollectionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        overline={t('collections.overline')}
        title={t('collections.title')}
        intro={t('collections.intro')}
      />
      <PageContainer sx={{ py: { xs: 12, md: 20 } }}>
        <CollectionGrid />
      </PageContainer>
    </>
  );
}

export default CollectionsPage;
