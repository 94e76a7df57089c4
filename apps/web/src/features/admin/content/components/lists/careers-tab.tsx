import { useTranslation } from 'react-i18next';
import { EMPLOYMENT_TYPES } from '@knotwork/shared/schemas/content';
import { useAdminCareers } from '../../api/content-lists.ts';
import { OrderedListTab } from './ordered-list-tab.tsx';

/** Careers: the house's openings, each open or closed, in the order the careers page lists them. */
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
