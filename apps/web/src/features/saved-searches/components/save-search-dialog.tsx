import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useCreateSavedSearch } from '../api/saved-searches.ts';
import { SavedSearchDialog } from './saved-search-dialog.tsx';

/** The listing's "Save this search" dialog: loaded only when the button is first pressed. */
export function SaveSearchDialog({
  open,
  filter,
  suggestedName,
  onClose,
}: {
  open: boolean;
  filter: RugFilter;
  suggestedName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('saved-searches');
  const create = useCreateSavedSearch();
  return (
    <SavedSearchDialog
      // A new filter starts a fresh form with its own suggested name.
      key={suggestedName}
      open={open}
      mode="create"
      initial={{ name: suggestedName, emailMode: 'instant' }}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={(values) =>
        create.mutate(
          { ...values, filter },
          {
            onSuccess: () => {
              notify.success(t('toast.saved'));
              onClose();
            },
            onError: (error) =>
              error instanceof ApiError && error.status === 409
                ? notify.error(t('toast.tooMany'))
                : notify.fromError(error),
          },
        )
      }
    />
  );
}

export default SaveSearchDialog;
