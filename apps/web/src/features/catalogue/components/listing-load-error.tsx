import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';

/**
 * The listing's "could not load the rugs" notice with the reason in the visitor's language. Loaded only when it
 * shows: the catalogue of translated server messages it reads stays out of the listing's first paint (issue 9).
 */
export function ListingLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <ErrorState
      message={t('error.load', { reason: errorMessage(error) })}
      retryLabel={t('error.retry')}
      onRetry={onRetry}
    />
  );
}
