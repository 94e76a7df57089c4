import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';

/** Home / Rugs / the rug's first collection / the rug. */
export function RugBreadcrumbs({ title, collection }: { title: string; collection?: { title: string } }) {
  const { t } = useTranslation('rug');
  return (
    <Breadcrumbs
      aria-label={t('breadcrumbs.label')}
      // A long title may shrink its item (min-width 0) and end in an ellipsis instead of widening the page.
      sx={{ fontSize: '0.85rem', '& ol': { flexWrap: 'wrap' }, '& li': { minWidth: 0, maxWidth: '100%' } }}
    >
      <Link component={RouterLink} to={paths.home.href()} color="text.secondary">
        {t('breadcrumbs.home')}
      </Link>
      <Link component={RouterLink} to={paths.rugListing.href()} color="text.secondary">
        {t('breadcrumbs.rugs')}
      </Link>
      {collection && (
        <Link
          component={RouterLink}
          to={paths.rugListings.href({ collections: [collection.title] })}
          color="text.secondary"
        >
          {collection.title}
        </Link>
      )}
      <Typography
        component="span"
        aria-current="page"
        sx={{
          fontSize: 'inherit',
          color: 'text.primary',
          // Block: an inline span ignores max-width, so the ellipsis never happened on a phone.
          display: 'block',
          maxWidth: { xs: '100%', sm: 420 },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {title}
      </Typography>
    </Breadcrumbs>
  );
}
