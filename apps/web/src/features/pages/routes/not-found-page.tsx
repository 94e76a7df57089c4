import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { StatusNumber, StatusPage } from '@/components/layouts/status-page.tsx';

/** /404: where every unknown path ends up. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      name="notFound"
      mark={<StatusNumber>404</StatusNumber>}
      secondary={{ to: paths.collections.href(), label: t('actions.exploreCollections') }}
    />
  );
}

export default NotFoundPage;
