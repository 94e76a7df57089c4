import { useMemo } from 'react';
import Button from '@mui/material/Button';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useRugTotals } from '../api/get-rug-totals.ts';
import type { ActiveCriterion } from '../lib/active-filters.ts';
import type { ListingFilter } from '../lib/filter-url.ts';

/**
 * Nothing matches. Rather than a dead end, ask the server how many rugs each single removal would bring back and
 * offer the one that brings back most (the most restrictive filter), beside "Clear all".
 */
export function EmptyResults({
  criteria,
  onApply,
  onClearAll,
}: {
  criteria: ActiveCriterion[];
  onApply: (filter: ListingFilter) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const alternatives = useMemo(() => criteria.map((c) => c.without), [criteria]);
  const totals = useRugTotals(alternatives, criteria.length > 1);
  const best = useMemo(() => {
    let index = -1;
    totals.forEach((n, i) => {
      if (n !== undefined && n > 0 && (index < 0 || n > (totals[index] ?? 0))) index = i;
    });
    return index >= 0 ? { criterion: criteria[index]!, total: totals[index]! } : undefined;
  }, [totals, criteria]);

  return (
    <EmptyState
      icon={<SearchOffOutlined />}
      title={t('empty.title')}
      description={criteria.length > 0 ? t('empty.bodyFiltered') : t('empty.bodyCatalogue')}
      action={
        criteria.length > 0 && (
          <>
            {best && (
              <Button variant="contained" onClick={() => onApply(best.criterion.without)}>
                {t('empty.remove', { label: best.criterion.label, count: best.total })}
              </Button>
            )}
            <Button variant="outlined" color="inherit" onClick={onClearAll}>
              {t('empty.clearAll')}
            </Button>
          </>
        )
      }
    />
  );
}
