import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast.ts';
import type { useAdminCareers, useAdminTestimonials } from '../../api/content-lists.ts';
import { adminMessage } from '../../../shell/server-message.ts';
import { useCan } from '../../../shell/use-can.ts';
import { ContentItemForm, moved, type ContentField } from '../content-item-form.tsx';
import { Empty, Loaded } from './content-list-states.tsx';
import { useSend } from './use-send-content.ts';

/** Testimonials and careers: the same ordered list of small forms, with their own fields. */
export function OrderedListTab({
  kind,
  list,
  fields,
  blank,
  toValues,
  emptyText,
  addLabel,
  itemLabel,
}: {
  kind: 'testimonials' | 'careers';
  list: ReturnType<typeof useAdminTestimonials> | ReturnType<typeof useAdminCareers>;
  fields: ContentField[];
  blank: Record<string, string | number | boolean>;
  toValues: (item: Record<string, unknown>) => Record<string, string | number | boolean>;
  emptyText: string;
  addLabel: string;
  itemLabel: (item: Record<string, unknown>) => string;
}) {
  const { t } = useTranslation('admin-content');
  const editable = useCan().can('manage', 'content');
  const send = useSend(list.mutation.mutateAsync);
  const items = (list.query.data ?? []) as Array<{ id: string } & Record<string, unknown>>;
  const path = `/admin/content/${kind}`;
  const reorder = (ids: string[]) =>
    void send({ method: 'PUT', path: `${path}/order`, body: { ids } }).catch((e: Error) =>
      notify.error(adminMessage(e.message)),
    );
  return (
    <Loaded query={list.query}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {items.length === 0 && <Empty text={emptyText} />}
        {items.map((item, i) => (
          <ContentItemForm
            key={`${item.id}:${JSON.stringify(toValues(item))}`}
            label={itemLabel(item)}
            fields={fields}
            initial={toValues(item)}
            submitLabel={t('save')}
            disabled={!editable}
            onSubmit={(v) =>
              send({ method: 'PATCH', path: `${path}/${item.id}`, body: changedOnly(v, toValues(item)) })
            }
            onMove={{
              ...(i > 0 ? { up: () => reorder(moved(items, i, -1)) } : {}),
              ...(i < items.length - 1 ? { down: () => reorder(moved(items, i, 1)) } : {}),
            }}
            onDelete={() => {
              if (window.confirm(t('confirmDelete')))
                void send({ method: 'DELETE', path: `${path}/${item.id}` }).catch((e: Error) =>
                  notify.error(adminMessage(e.message)),
                );
            }}
          />
        ))}
        {editable && (
          <ContentItemForm
            label={addLabel}
            fields={fields}
            initial={blank}
            submitLabel={addLabel}
            resetOnSave
            onSubmit={(v) => send({ method: 'POST', path, body: v })}
          />
        )}
      </Box>
    </Loaded>
  );
}

/** What a saved item's form sends: only the fields that changed. */
const changedOnly = (v: Record<string, unknown>, was: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== was[k]));
