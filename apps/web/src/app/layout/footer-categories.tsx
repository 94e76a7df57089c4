import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FOOTER_CATEGORIES } from '@knotwork/shared/constants/limits';
import { paths } from '@/config/paths.ts';
import { useCollections } from '@/features/collections/api/get-collections.ts';
import { footerLinkSx } from './footer-link-style.ts';

/** The first six collection titles, each opening /rug-listings filtered by it (SPEC.md 2, 9). */
export function FooterCategories() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useCollections();

  if (isPending) {
    return (
      <Box role="status" aria-busy="true" aria-label={t('footer.categoriesLoading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} width={`${70 - i * 8}%`} sx={{ mb: 2 }} />
        ))}
      </Box>
    );
  }
  if (isError) {
    return (
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
        {t('footer.categoriesError')}
      </Typography>
    );
  }
  if (data.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('footer.noCollections')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.slice(0, FOOTER_CATEGORIES).map((c) => (
        <Box component="li" key={c.id} sx={{ mb: 3 }}>
          <Link component={RouterLink} to={paths.rugListings.href({ collections: [c.title] })} sx={footerLinkSx}>
            {c.title}
          </Link>
        </Box>
      ))}
    </Box>
  );
}
