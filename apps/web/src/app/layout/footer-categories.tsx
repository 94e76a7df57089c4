import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FOOTER_CATEGORIES } from '@knotwork/shared/constants/limits';
import { paths } from '@/config/paths.ts';
import { useCollections } from '@/features/collections/api/get-collections.ts';

/** The first six collection titles, each opening /rug-listings filtered by it (SPEC.md 2, 9). */
export function FooterCategories() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useCollections();

  if (isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('footer.categoriesLoading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="kw-skeleton kw-footer__skeleton" style={{ width: `${70 - i * 8}%` }} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <p role="status" className="kw-footer__text">
        {t('footer.categoriesError')}
      </p>
    );
  }
  if (data.length === 0) {
    return <p className="kw-footer__text">{t('footer.noCollections')}</p>;
  }
  return (
    <ul className="kw-footer__links">
      {data.slice(0, FOOTER_CATEGORIES).map((c) => (
        <li key={c.id}>
          <RouterLink to={paths.rugListings.href({ collections: [c.title] })} className="kw-footer__link">
            {c.title}
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}
