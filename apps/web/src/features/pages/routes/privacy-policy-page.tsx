import { useTranslation } from 'react-i18next';
import { usePrivacyPolicy } from '../api/get-privacy-policy.ts';
import { SitePageView } from '../components/site-page-view.tsx';

/** /privacy-policy, from GET /auth/privacypolicy. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('content');
  return <SitePageView query={usePrivacyPolicy()} fallbackTitle={t('legal.privacyTitle')} />;
}

export default PrivacyPolicyPage;
