import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FormatQuote from '@mui/icons-material/FormatQuote';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useTestimonials } from '../api/get-testimonials.ts';

/**
 * What buyers said, as quiet cards: a grid on wide screens, a row that scrolls by swipe (snapping per card)
 * on phones. No autoplay: a moving carousel is hard to read and harder to stop.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('content');
  const testimonials = useTestimonials();
  // Nothing to say is better than an empty heading.
  if (testimonials.data?.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="testimonials-title"
      sx={{ bgcolor: 'background.subtle', py: { xs: 14, md: 22 } }}
    >
      <PageContainer>
        <SectionHeading
          id="testimonials-title"
          overline={t('about.testimonials.overline')}
          title={t('about.testimonials.title')}
        />
        {testimonials.isError ? (
          <ErrorState
            message={errorMessage(testimonials.error, t('about.testimonials.loadError'))}
            retryLabel={t('retry')}
            onRetry={() => void testimonials.refetch()}
          />
        ) : (
          <Box
            component="ul"
            aria-busy={!testimonials.data}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: { xs: 'flex', md: 'grid' },
              gridTemplateColumns: { md: 'repeat(auto-fit, minmax(300px, 1fr))' },
              gap: 6,
              overflowX: { xs: 'auto', md: 'visible' },
              scrollSnapType: 'x mandatory',
              pb: { xs: 3, md: 0 },
              mx: { xs: -5, sm: 0 },
              px: { xs: 5, sm: 0 },
            }}
          >
            {(testimonials.data ?? Array.from({ length: 3 }, () => null)).map((item, i) => (
              <Box
                component="li"
                key={item?.id ?? i}
                sx={{
                  flex: { xs: '0 0 85%', sm: '0 0 60%', md: 'initial' },
                  scrollSnapAlign: 'start',
                  bgcolor: 'background.paper',
                  borderRadius: `${radius.card}px`,
                  p: { xs: 6, md: 8 },
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 4,
                }}
              >
                {item ? (
                  <Box
                    component="figure"
                    sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 4, height: '100%' }}
                  >
                    <FormatQuote
                      aria-hidden
                      sx={{ color: 'accent.main', fontSize: 36, transform: 'scaleX(-1)' }}
                    />
                    <Rating
                      value={item.rating}
                      readOnly
                      size="small"
                      aria-label={t('about.testimonials.rating', { count: item.rating })}
                    />
                    <Typography
                      component="blockquote"
                      variant="body1"
                      sx={{ m: 0, flex: 1, lineHeight: 1.7 }}
                    >
                      {item.quote}
                    </Typography>
                    <Typography component="figcaption" variant="body2">
                      <Box component="span" sx={{ fontWeight: 700, display: 'block' }}>
                        {item.name}
                      </Box>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {item.location}
                      </Box>
                    </Typography>
                  </Box>
                ) : (
                  <>
                    <Skeleton variant="text" width={90} />
                    <Skeleton variant="text" />
                    <Skeleton variant="text" />
                    <Skeleton variant="text" width="60%" />
                  </>
                )}
              </Box>
            ))}
          </Box>
        )}
      </PageContainer>
    </Box>
  );
}
