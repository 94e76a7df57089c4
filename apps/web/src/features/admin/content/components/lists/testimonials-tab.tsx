import { useTranslation } from 'react-i18next';
import { useAdminTestimonials } from '../../api/content-lists.ts';
import { OrderedListTab } from './ordered-list-tab.tsx';

/** Testimonials: name, place, quote and stars, in the order the home page shows them. */
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
