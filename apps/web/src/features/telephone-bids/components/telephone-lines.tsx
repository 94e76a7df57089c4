import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import { panelCard } from '@/components/ui/panel-card.ts';
import { notify } from '@/lib/toast.ts';
import { useCancelTelephone } from '../api/cancel-telephone.ts';
import { useTelephoneStanding } from '../api/get-telephone.ts';

// The lot chooser loads when a bidder opens it: most bidders never book a line.
const TelephoneDialog = lazy(() =>
  import('./telephone-dialog.tsx').then((m) => ({ default: m.TelephoneDialog })),
);

/**
 * "Bid by telephone" on a live sale's page (issue 29 §1, decision 097), for a bidder whose registration is
 * approved: their booked lines (cancellable until the lot is offered) and the button that books more. Nothing for
 * anyone else (registration says what to do first), nor once every lot has been offered.
 */
export function TelephoneLines({ saleId }: { saleId: string }) {
  const { t } = useTranslation('bidding');
  const standing = useTelephoneStanding(saleId);
  const cancel = useCancelTelephone(saleId);
  const [open, setOpen] = useState(false);
  const data = standing.data;
  if (!data || data.registration !== 'approved' || !data.offered) return null;
  const booked = data.lots.filter((l) => l.bookingId);
  const bookable = data.lots.some((l) => l.availability === 'open' && !l.bookingId);
  return (
    <Box data-testid="telephone-lines" sx={panelCard}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
        {t('telephone.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('telephone.intro', { amount: formatUsd(data.minimumEstimate) })}
      </Typography>
      {booked.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1, width: '100%' }}>
          {booked.map((lot) => (
            <Box
              component="li"
              key={lot.lotId}
              data-testid="telephone-booked"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 2,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <Typography variant="body2">
                {t('telephone.bookedLot', { number: lot.lotNumber, title: lot.title })}
              </Typography>
              {lot.availability !== 'started' && (
                <Button
                  size="small"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(lot.bookingId!, {
                      onSuccess: (res) => notify.success(res.message),
                      onError: (e) => notify.fromError(e),
                    })
                  }
                >
                  {t('telephone.cancel')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      {bookable ? (
        <Button variant="outlined" onClick={() => setOpen(true)} data-testid="telephone-book">
          {t('telephone.book')}
        </Button>
      ) : (
        booked.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('telephone.noneAvailable')}
          </Typography>
        )
      )}
      {open && (
        <Suspense fallback={null}>
          <TelephoneDialog saleId={saleId} standing={data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
