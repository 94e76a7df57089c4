import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AdminConditionRequest } from '@knotwork/shared/schemas/condition-reports';
import { formatSpan, requestClock } from '../lib/clock.ts';

const colors = { dueIn: 'default', overdueBy: 'error', answeredIn: 'success', atOnce: 'success' } as const;

/** The request's clock as a chip: "Due in 5 hours", "Overdue by 2 hours", "Answered in 3 hours". */
export function RequestClock({ request, serverNow }: { request: AdminConditionRequest; serverNow: string }) {
  const { t } = useTranslation('admin-condition-reports');
  const { state, minutes } = requestClock(request, serverNow);
  return (
    <Chip
      size="small"
      color={colors[state]}
      variant={state === 'dueIn' ? 'outlined' : 'filled'}
      data-clock={state}
      label={state === 'atOnce' ? t('clock.atOnce') : t(`clock.${state}`, { time: formatSpan(minutes) })}
    />
  );
}
