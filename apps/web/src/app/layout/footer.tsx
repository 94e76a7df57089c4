import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Instagram from '@mui/icons-material/Instagram';
import Facebook from '@mui/icons-material/Facebook';
import Pinterest from '@mui/icons-material/Pinterest';
import LinkedIn from '@mui/icons-material/LinkedIn';
import YouTube from '@mui/icons-material/YouTube';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { quickLinks, socialLinks } from '@/config/navigation.ts';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { FooterCategories } from './footer-categories.tsx';
import { footerLinkSx } from './footer-link-style.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { CurrencyPicker } from '@/components/currency/currency-picker.tsx';
import { flipInRtl } from '@/lib/theme.ts';

const socialIcons = { instagram: Instagram, facebook: Facebook, pinterest: Pinterest, linkedin: LinkedIn, youtube: YouTube } as const;

function ColumnTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="overline" component="h2" sx={{ color: 'text.primary', mb: 5, display: 'block' }}>
      {children}
    </Typography>
  );
}

/** The footer (SPEC.md 1, 2): brand, social links, Quick Links, categories, styling assistance, copyright. */
export function Footer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <Box component="footer" sx={{ bgcolor: 'background.subtle', borderTop: 1, borderColor: 'divider', mt: 'auto' }}>
      <PageContainer
        sx={{
          py: { xs: 14, md: 20 },
          display: 'grid',
          gap: { xs: 12, md: 10 },
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1.4fr 1fr 1fr 1.2fr' },
        }}
      >
        <Box>
          <Box component={RouterLink} to={paths.home.href()} aria-label={t('nav.homeLink')} sx={{ display: 'inline-flex', color: 'text.primary' }}>
            <Logo height={28} />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 5, maxWidth: 340 }}>
            {t('footer.blurb')}
          </Typography>
          <Box component="ul" aria-label={t('footer.socialLabel')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 6, display: 'flex', gap: 1, ml: -2 }}>
            {socialLinks.map((s) => {
              const Icon = socialIcons[s.network];
              return (
                <li key={s.network}>
                  <IconButton component="a" href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t(s.label)} sx={{ color: 'text.secondary', '&:hover': { color: 'text.primary' } }}>
                    <Icon fontSize="small" />
                  </IconButton>
                </li>
              );
            })}
          </Box>
        </Box>

        <Box component="nav" aria-labelledby="footer-quick-links">
          <ColumnTitle id="footer-quick-links">{t('footer.quickLinks')}</ColumnTitle>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {quickLinks.map((l) => (
              <Box component="li" key={l.to} sx={{ mb: 3 }}>
                {pathname === l.to ? (
                  // The current page: greyed out and not a working link (SPEC.md 2).
                  <Box component="a" role="link" aria-disabled="true" aria-current="page" sx={{ color: 'text.disabled', fontSize: '0.9rem', cursor: 'default' }}>
                    {t(l.label)}
                  </Box>
                ) : (
                  <Link component={RouterLink} to={l.to} sx={footerLinkSx}>
                    {t(l.label)}
                  </Link>
                )}
              </Box>
            ))}
          </Box>
        </Box>

        <Box component="nav" aria-labelledby="footer-categories">
          <ColumnTitle id="footer-categories">{t('footer.categories')}</ColumnTitle>
          <FooterCategories />
        </Box>

        <Box component="section" aria-labelledby="footer-styling">
          <ColumnTitle id="footer-styling">{t('footer.styling.title')}</ColumnTitle>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('footer.styling.body')}
          </Typography>
          <Link
            component={RouterLink}
            to={paths.contactUs.href()}
            sx={{ mt: 5, display: 'inline-flex', alignItems: 'center', gap: 2, fontWeight: 600, fontSize: '0.9rem', textDecoration: 'none', borderBottom: 1, borderColor: 'accent.main', pb: 0.5 }}
          >
            {t('footer.styling.cta')}
            <ArrowForward sx={[{ fontSize: 16 }, flipInRtl]} />
          </Link>
        </Box>
      </PageContainer>
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
        {/* Extra end padding keeps the tagline clear of the fixed chat button. */}
        <PageContainer sx={{ py: 6, pb: { xs: 24, md: 6 }, paddingInlineEnd: { md: 28 }, display: 'flex', justifyContent: 'space-between', gap: 4, flexWrap: 'wrap' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </Typography>
            <LanguageSwitcher placement="footer" />
            <CurrencyPicker placement="footer" />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('footer.tagline')}
          </Typography>
        </PageContainer>
      </Box>
    </Box>
  );
}
