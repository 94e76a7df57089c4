import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ContactForm } from '../components/contact-form.tsx';

/** /contact-us: the house's details beside the contact form (SPEC.md 2 "Contact us"). */
export default function ContactPage() {
  const { t } = useTranslation('contact');

  // SPEC.md 2: "The page scrolls to top ... when the contact form is shown."
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  const phone = t('house.phone');
  const email = t('house.email');

  return (
    <>
      <PageHeader overline={t('eyebrow')} title={t('title')} intro={t('intro')} />
      <PageContainer sx={{ py: { xs: 10, md: 16 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 6, md: 8 },
            gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
            alignItems: 'stretch',
          }}
        >
          <Paper
            component="section"
            aria-labelledby="contact-house-title"
            sx={{
              p: { xs: 6, md: 10 },
              bgcolor: (th) => (th.palette.mode === 'dark' ? 'background.subtle' : 'grey.900'),
              color: (th) => (th.palette.mode === 'dark' ? 'text.primary' : 'common.white'),
            }}
          >
            <Typography id="contact-house-title" component="h2" variant="h4">
              {t('house.title')}
            </Typography>
            <Typography sx={{ mt: 2, opacity: 0.75 }}>{t('house.intro')}</Typography>
            <Stack spacing={6} sx={{ mt: 8 }}>
              <Detail icon={<PlaceOutlined />} label={t('house.addressLabel')}>
                {t('house.address')
                  .split('\n')
                  .map((line) => (
                    <Box key={line}>{line}</Box>
                  ))}
              </Detail>
              <Detail icon={<PhoneOutlined />} label={t('house.phoneLabel')}>
                <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} color="inherit" underline="hover">
                  {phone}
                </Link>
              </Detail>
              <Detail icon={<EmailOutlined />} label={t('house.emailLabel')}>
                <Link href={`mailto:${email}`} color="inherit" underline="hover">
                  {email}
                </Link>
              </Detail>
              <Detail icon={<AccessTimeOutlined />} label={t('house.hoursLabel')}>
                {t('house.hours')
                  .split('\n')
                  .map((line) => (
                    <Box key={line}>{line}</Box>
                  ))}
              </Detail>
            </Stack>
          </Paper>

          <Paper
            component="section"
            aria-labelledby="contact-form-title"
            variant="outlined"
            sx={{ p: { xs: 6, md: 10 } }}
          >
            <Typography id="contact-form-title" component="h2" variant="h4">
              {t('form.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 2, mb: 8 }}>
              {t('form.intro')}
            </Typography>
            <ContactForm testId="contact-form" />
          </Paper>
        </Box>
      </PageContainer>
    </>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={4} alignItems="flex-start">
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 44,
          height: 44,
          borderRadius: '50%',
          bgcolor: 'rgba(255,255,255,0.1)',
          flexShrink: 0,
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography
          variant="caption"
          sx={{ opacity: 0.65, textTransform: 'uppercase', letterSpacing: '0.12em' }}
        >
          {label}
        </Typography>
        <Box sx={{ mt: 0.5, lineHeight: 1.6 }}>{children}</Box>
      </Box>
    </Stack>
  );
}
