import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { StatusNumber, StatusPage } from '@/components/layouts/status-page.tsx';

/** /401: the visitor may not see what they asked for. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      name="unauthorized"
      mark={<StatusNumber>401</StatusNumber>}
      secondary={{ to: paths.login.href(), label: t('actions.login') }}
    />
  );
}

export default UnauthorizedPage;
