import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EMPLOYMENT_TYPES } from '@knotwork/shared/schemas/content';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/lib/toast.ts';
import {
  useAdminCareers,
  useAdminFaq,
  useAdminTestimonials,
  type ContentCall,
} from '../api/content-lists.ts';
import { adminMessage } from '../lib/server-message.ts';
import { useCan } from '../lib/use-can.ts';
import { ContentItemForm, moved, type ContentField } from './content-item-form.tsx';

/** Loading and error states of a content list; `children` once it has data. */
function Loaded({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-content');
  if (query.isPending)
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  if (query.isError)
    return (
      <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  return <>{children}</>;
}

function Empty({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{text}</Typography>
    </Paper>
  );
}

/** Sends a change and toasts the server's answer; the caller's form shows field errors if it rejects. */
function useSend(mutateAsync: (call: ContentCall) => Promise<{ message?: string }>) {
  return async (call: ContentCall) => {
    const res = await mutateAsync(call);
    if (res.message) notify.success(adminMessage(res.message));
  };
}

export function FaqTab() {
  const { t } = useTranslation('admin-content');
  const editable = useCan().can('manage', 'content');
  const { query, mutation } = useAdminFaq();
  const send = useSend(mutation.mutateAsync);
  const groups = query.data ?? [];
  const entryFields: ContentField[] = [
    { key: 'question', label: t('faq.question'), wide: true },
    { key: 'answer', label: t('faq.answer'), kind: 'multiline' },
  ];
  const catchToast = (p: Promise<unknown>) =>
    void p.catch((e: Error) => notify.error(adminMessage(e.message)));
  return (
    <Loaded query={query}>
      <Box sx={{ display: 'grid', gap: 6 }}>
        {groups.length === 0 && <Empty text={t('faq.empty')} />}
        {groups.map((g, gi) => (
          <Box key={g.id} component="section" aria-label={g.title} sx={{ display: 'grid', gap: 3 }}>
            <ContentItemForm
              label={t('faq.groupLabel', { title: g.title })}
              fields={[{ key: 'title', label: t('faq.groupTitle'), wide: true }]}
              initial={{ title: g.title }}
              submitLabel={t('save')}
              disabled={!editable}
              onSubmit={(v) => send({ method: 'PATCH', path: `/admin/content/faq/groups/${g.id}`, body: v })}
              onMove={{
                ...(gi > 0
                  ? {
                      up: () =>
                        catchToast(
                          send({
                            method: 'PUT',
                            path: '/admin/content/faq/groups/order',
                            body: { ids: moved(groups, gi, -1) },
                          }),
                        ),
                    }
                  : {}),
                ...(gi < groups.length - 1
                  ? {
                      down: () =>
                        catchToast(
                          send({
                            method: 'PUT',
                            path: '/admin/content/faq/groups/order',
                            body: { ids: moved(groups, gi, 1) },
                          }),
                        ),
                    }
                  : {}),
              }}
              onDelete={() => {
                if (window.confirm(t('faq.confirmDeleteGroup', { title: g.title })))
                  catchToast(send({ method: 'DELETE', path: `/admin/content/faq/groups/${g.id}` }));
              }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                pl: { xs: 2, md: 6 },
                borderInlineStart: 2,
                borderColor: 'divider',
              }}
            >
              {g.entries.map((e, ei) => (
                <ContentItemForm
                  key={`${e.id}:${e.question}:${e.answer}`}
                  label={e.question}
                  fields={entryFields}
                  initial={{ question: e.question, answer: e.answer }}
                  submitLabel={t('save')}
                  disabled={!editable}
                  onSubmit={(v) =>
                    send({ method: 'PATCH', path: `/admin/content/faq/entries/${e.id}`, body: v })
                  }
                  onMove={{
                    ...(ei > 0
                      ? {
                          up: () =>
                            catchToast(
                              send({
                                method: 'PUT',
                                path: `/admin/content/faq/groups/${g.id}/order`,
                                body: { ids: moved(g.entries, ei, -1) },
                              }),
                            ),
                        }
                      : {}),
                    ...(ei < g.entries.length - 1
                      ? {
                          down: () =>
                            catchToast(
                              send({
                                method: 'PUT',
                                path: `/admin/content/faq/groups/${g.id}/order`,
                                body: { ids: moved(g.entries, ei, 1) },
                              }),
                            ),
                        }
                      : {}),
                  }}
                  onDelete={() => {
                    if (window.confirm(t('confirmDelete')))
                      catchToast(send({ method: 'DELETE', path: `/admin/content/faq/entries/${e.id}` }));
                  }}
                />
              ))}
              {editable && (
                <ContentItemForm
                  label={t('faq.newQuestionIn', { title: g.title })}
                  fields={entryFields}
                  initial={{ question: '', answer: '' }}
                  submitLabel={t('faq.addQuestion')}
                  resetOnSave
                  onSubmit={(v) =>
                    send({
                      method: 'POST',
                      path: '/admin/content/faq/entries',
                      body: { ...v, groupId: g.id },
                    })
                  }
                />
              )}
            </Box>
          </Box>
        ))}
        {editable && (
          <ContentItemForm
            label={t('faq.newGroup')}
            fields={[{ key: 'title', label: t('faq.groupTitle'), wide: true }]}
            initial={{ title: '' }}
            submitLabel={t('faq.addGroup')}
            resetOnSave
            onSubmit={(v) => send({ method: 'POST', path: '/admin/content/faq/groups', body: v })}
          />
        )}
      </Box>
    </Loaded>
  );
}

/** Testimonials and careers: the same ordered list of small forms, with their own fields. */
function OrderedListTab({
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

const changedOnly = (v: Record<string, unknown>, was: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== was[k]));

export function TestimonialsTab() {
  const { t } = useTranslation('admin-content');
  const list = useAdminTestimonials();
  return (
    <OrderedListTab
      kind="testimonials"
      list={list}
      fields={[
        { key: 'name', label: t('testimonials.name') },
        { key: 'location', label: t('testimonials.location') },
        { key: 'quote', label: t('testimonials.quote'), kind: 'multiline' },
        { key: 'rating', label: t('testimonials.rating'), kind: 'rating' },
      ]}
      blank={{ name: '', location: '', quote: '', rating: 5 }}
      toValues={(x) => ({
        name: x.name as string,
        location: x.location as string,
        quote: x.quote as string,
        rating: x.rating as number,
      })}
      emptyText={t('testimonials.empty')}
      addLabel={t('testimonials.add')}
      itemLabel={(x) => t('testimonials.itemLabel', { name: x.name as string })}
    />
  );
}

export function CareersTab() {
  const { t } = useTranslation('admin-content');
  const list = useAdminCareers();
  return (
    <OrderedListTab
      kind="careers"
      list={list}
      fields={[
        { key: 'title', label: t('careers.title') },
        { key: 'location', label: t('careers.location') },
        {
          key: 'type',
          label: t('careers.type'),
          kind: 'select',
          options: EMPLOYMENT_TYPES.map((v) => ({ value: v, label: t(`careers.types.${v}`) })),
        },
        { key: 'isOpen', label: t('careers.isOpen'), kind: 'switch' },
        { key: 'description', label: t('careers.description'), kind: 'multiline' },
      ]}
      blank={{ title: '', location: '', type: 'Full-time', isOpen: true, description: '' }}
      toValues={(x) => ({
        title: x.title as string,
        location: x.location as string,
        type: x.type as string,
        isOpen: x.isOpen as boolean,
        description: x.description as string,
      })}
      emptyText={t('careers.empty')}
      addLabel={t('careers.add')}
      itemLabel={(x) => t('careers.itemLabel', { title: x.title as string })}
    />
  );
}
