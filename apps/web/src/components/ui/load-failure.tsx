import type { ReactElement } from 'react';
import { isNotFound } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';

/**
 * A page whose one load failed: "not found" as the page's heading when the API said 404 (a retry would not help),
 * else the error with a retry button.
 */
export function LoadFailure({
  error,
  notFoundTitle,
  icon,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  notFoundTitle: string;
  icon: ReactElement;
  retryLabel: string;
  onRetry: () => void;
}) {
  return isNotFound(error) ? (
    <EmptyState icon={icon} title={notFoundTitle} headingComponent="h1" />
  ) : (
    <ErrorState message={errorMessage(error)} retryLabel={retryLabel} onRetry={onRetry} />
  );
}
