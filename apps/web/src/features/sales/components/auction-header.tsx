import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { imageSizes } from '@knotwork/shared/constants/image-sizes';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Auction } from '@knotwork/shared/schemas/sales';
import { env } from '@/config/env.ts';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { radius } from '@/lib/theme.ts';
import { auctionPhase } from '../lib/auction-phase.ts';
import { formatDateTime, formatSeconds } from '@/lib/format.ts';
import { useServerNowValue } from '@/lib/server-clock.ts';
import { useTimeZone } from '@/lib/time-zone.ts';
import { BidLiveLink, LiveNowNote } from '@/components/ui/bid-live-link.tsx';
import { RegisterToBid } from '@/features/registrations/components/register-to-bid.tsx';
import { CatalogueDownload } from './catalogue-download.tsx';
import { TelephoneLines } from '@/features/telephone-bids/components/telephone-lines.tsx';
import { PhaseChip } from './phase-chip.tsx';
import { SaleCover } from './sale-cover.tsx';
import { TimeZoneNote } from './time-zone-note.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', letterSpacing: '0.04em' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The top of a sale's page: cover, title, status, its dates and terms, and how the closing works. */
export function AuctionHeader({ auction, receivedAt }: { auction: Auction; receivedAt: number }) {
  const { t } = useTranslation('sales');
  const timeZone = useTimeZone();
  // Re-rendered when the sale's phase changes, not at every tick of the clock.
  const phase = useServerNowValue(auction.serverNow, receivedAt, (now) => auctionPhase(auction, now));
  const softWindow = formatSeconds(auction.softClose.windowSeconds);
  const extension = formatSeconds(auction.softClose.extensionSeconds);
  const stagger = formatSeconds(auction.staggerSeconds);

  return (
    <Box component="header" sx={{ bgcolor: 'background.subtle', borderBottom: 1, borderColor: 'divider' }}>
      <PageContainer sx={{ py: { xs: 8, md: 14 } }}>
        <Breadcrumbs
          aria-label={t('breadcrumbs.label')}
          // One line whatever the font: a long sale title wrapped onto a second line once the web font arrived
          // (wider than the fallback) and pushed the cover down (a layout shift of 0.18 on a phone). The title
          // ends in an ellipsis instead.
          sx={{
            fontSize: '0.85rem',
            mb: { xs: 6, md: 8 },
            '& ol': { flexWrap: 'nowrap' },
            '& li': { flexShrink: 0 },
            '& li:last-of-type': { minWidth: 0, flexShrink: 1 },
          }}
        >
          <Link component={RouterLink} to={paths.home.href()} color="text.secondary">
            {t('breadcrumbs.home')}
          </Link>
          <Link component={RouterLink} to={paths.upcomingAuctions.href()} color="text.secondary">
            {t('breadcrumbs.auctions')}
          </Link>
          <Typography
            component="span"
            aria-current="page"
            sx={{
              fontSize: 'inherit',
              color: 'text.primary',
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {auction.title}
          </Typography>
        </Breadcrumbs>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 8, md: 14 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
            alignItems: 'center',
          }}
        >
          <Box sx={{ borderRadius: `${radius.card}px`, overflow: 'hidden' }}>
            <SaleCover
              image={auction.coverImage}
              seed={auction.slug}
              sizes={imageSizes.saleCover}
              eager
              aspectRatio="4 / 3"
            />
          </Box>
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
              <PhaseChip phase={phase} />
              <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
                {t(`type.${auction.type}`)} · {t('lotCount', { count: auction.lotCount })}
              </Typography>
            </Box>
            <Typography variant="h2" component="h1" sx={{ mt: 3 }}>
              {auction.title}
            </Typography>
            {auction.description.trim() && (
              <Typography
                variant="body1"
                sx={{ color: 'text.secondary', mt: 4, maxWidth: 620, whiteSpace: 'pre-line' }}
              >
                {auction.description}
              </Typography>
            )}
            {auction.type === 'live' && phase === 'open' && (
              // The way into the room while the auctioneer sells (issue 24 section 4).
              <Box sx={{ mt: 6, display: 'grid', gap: 3, justifyItems: 'start' }}>
                <LiveNowNote />
                <BidLiveLink saleId={auction.id} />
              </Box>
            )}
            {phase !== 'ended' && auction.registration.required && (
              // Registration to bid, where the sale requires it (issue 28 §1).
              <Box sx={{ mt: 6 }}>
                <RegisterToBid saleId={auction.id} required />
              </Box>
            )}
            {phase !== 'ended' && auction.type === 'live' && (
              // Bidding by telephone in a live sale, for an approved registration (issue 29 §1, decision 097).
              <Box sx={{ mt: 4 }}>
                <TelephoneLines saleId={auction.id} />
              </Box>
            )}
            {/* The sale's catalogue as a PDF in the reader's language, and its realised prices once over (issue 29 §3). */}
            <Box sx={{ mt: 6 }}>
              <CatalogueDownload saleId={auction.id} ended={phase === 'ended'} />
            </Box>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 7,
                display: 'grid',
                gap: 5,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <Fact
                label={phase === 'upcoming' ? t('dates.opens') : t('dates.opened')}
                value={formatDateTime(auction.startsAt, timeZone)}
              />
              <Fact
                label={phase === 'ended' ? t('dates.ended') : t('dates.firstLotCloses')}
                value={formatDateTime(phase === 'ended' ? auction.lastLotEndsAt : auction.endsAt, timeZone)}
              />
              {phase !== 'ended' && auction.lotCount > 1 && (
                <Fact
                  label={t('dates.lastLotCloses')}
                  value={formatDateTime(auction.lastLotEndsAt, timeZone)}
                />
              )}
              <Fact
                label={t('premium.label')}
                value={t('premium.value', { pct: auction.buyersPremiumPct })}
              />
            </Box>
            <Box sx={{ mt: 5, display: 'flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' }}>
              <TimeZoneNote />
              {(phase === 'upcoming' || phase === 'open') && (
                // The whole sale as one event: its lots close between the first and last times above.
                <Button
                  component="a"
                  href={`${env.apiBaseUrl}/auction/${encodeURIComponent(auction.id)}/calendar.ics`}
                  download
                  variant="text"
                  color="inherit"
                  size="small"
                  startIcon={<EventOutlined />}
                  sx={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
                >
                  {t('addToCalendar')}
                </Button>
              )}
            </Box>
            <Box
              sx={{
                mt: 6,
                p: 5,
                borderRadius: `${radius.card}px`,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
              }}
              data-testid="soft-close"
            >
              <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
                {t('closing.title')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {auction.type === 'timed' && auction.staggerSeconds > 0
                  ? t('closing.stagger', { interval: t(`units.${stagger.unit}`, { count: stagger.value }) })
                  : t('closing.live')}{' '}
                {auction.softClose.enabled
                  ? t('closing.softClose', {
                      window: t(`units.${softWindow.unit}`, { count: softWindow.value }),
                      extension: t(`units.${extension.unit}`, { count: extension.value }),
                    })
                  : t('closing.hardClose')}
              </Typography>
            </Box>
          </Box>
        </Box>
      </PageContainer>
    </Box>
  );
}
