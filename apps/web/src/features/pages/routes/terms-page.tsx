import { useTranslation } from 'react-i18next';
import { useTerms } from '../api/get-terms.ts';
import { SitePageView } from '../components/site-page-view.tsx';

/** /terms-and-condition, from GET /auth/terms. */
export function TermsPage() {
  const { t } = useTranslation('content');
  return <SitePageView query={useTerms()} fallbackTitle={t('legal.termsTitle')} />;
}

export default TermsPage;
