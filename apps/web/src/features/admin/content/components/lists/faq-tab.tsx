import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast.ts';
import { useAdminFaq } from '../../api/content-lists.ts';
import { adminMessage } from '../../../shell/server-message.ts';
import { useCan } from '../../../shell/use-can.ts';
import { ContentItemForm, moved, type ContentField } from '../content-item-form.tsx';
import { Empty, Loaded } from './content-list-states.tsx';
import { useSend } from './use-send-content.ts';

/** The FAQ: questions grouped by topic, each an ordered list of small forms. */
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
