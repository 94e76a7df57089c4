import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { UNPAID_BLOCK_REASON } from '@knotwork/shared/schemas/strikes';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatNumber, formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useAddBidderNote, useAdminBidder, type AdminBidderDetail } from '../api/bidder.ts';
import { useBlockBidder } from '../api/block-bidder.ts';
import { BidderLimit } from '../components/bidder-limit.tsx';
import { BidderDeposits } from '../components/bidder-deposits.tsx';
import { BidderStrikes } from '../components/bidder-strikes.tsx';
import { BidderRegistrations } from '../components/bidder-registrations.tsx';
import { BidderIdentity } from '../../identity/components/bidder-identity.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One row of a list inside a section: main text, a quiet second line, and a value at the end. */
function Row({ main, sub, end }: { main: React.ReactNode; sub: string; end: React.ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 3,
        justifyContent: 'space-between',
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {main}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {sub}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0, textAlign: 'end' }}>{end}</Box>
    </Box>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

function Bids({ bids }: { bids: AdminBidderDetail['bids'] }) {
  const { t } = useTranslation('admin');
  if (bids.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('bidder.noBids')}</Typography>;
  return (
    <Box component="ul" sx={listSx}>
      {bids.map((b) => (
        <Row
          key={b.id}
          main={
            <Link component={RouterLink} to={paths.adminSale.href(b.auctionId)}>
              {t('bidder.lotN', { n: b.lotNumber })} · {b.rugTitle}
            </Link>
          }
          sub={when(b.createdAt)}
          end={
            <>
              <Typography variant="body2">{formatUsd(b.maxAmount)}</Typography>
              {b.status === 'voided' ? (
                <Chip size="small" variant="outlined" label={t('bidder.voided')} />
              ) : b.won ? (
                <Chip size="small" color="success" variant="outlined" label={t('bidder.won')} />
              ) : b.leading ? (
                <Chip size="small" color="info" variant="outlined" label={t('bidder.leading')} />
              ) : (
                <Chip size="small" variant="outlined" label={t(`lots.status.${b.lotStatus}`)} />
              )}
            </>
          }
        />
      ))}
    </Box>
  );
}

function Notes({ id, notes }: { id: string; notes: AdminBidderDetail['notes'] }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const add = useAddBidderNote(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  return (
    <>
      {notes.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('bidder.noNotes')}</Typography>
      ) : (
        <Box component="ul" sx={listSx}>
          {notes.map((n) => (
            <Row
              key={n.id}
              main={
                <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                  {n.body}
                </Box>
              }
              sub={`${n.staffName ?? '—'} · ${when(n.createdAt)}`}
              end={null}
            />
          ))}
        </Box>
      )}
      {can('manage', 'bidder') && (
        <Box
          component="form"
          sx={{ display: 'grid', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(body, {
              onSuccess: (res) => {
                notify.success(adminMessage(res.message));
                setBody('');
                setError('');
              },
              onError: (e) => setError(adminMessage(e.message)),
            });
          }}
        >
          <TextField
            multiline
            minRows={2}
            label={t('bidder.newNote')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={Boolean(error)}
            helperText={error || t('bidder.notesPrivate')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={add.isPending || body.trim() === ''}>
              {t('bidder.addNote')}
            </Button>
          </Box>
        </Box>
      )}
    </>
  );
}

/** /admin/bidders/:id: who they are, their bids, wins and orders, block/unblock, and the staff's notes. */
export default function BidderPage() {
  const { id } = useParams();
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const { data, isLoading, isError, refetch } = useAdminBidder(id);
  const block = useBlockBidder();
  const user = data?.user;

  const toggleBlock = () =>
    user &&
    block.mutate(
      { id: user.id, block: !user.biddingBlockedAt },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          void refetch();
        },
        onError: (e) => notify.error(adminMessage(e.message)),
      },
    );

  return (
    <AdminPage
      title={user?.name || t('bidders.title')}
      subject="bidder"
      actions={
        <>
          <Button
            component={RouterLink}
            to={paths.adminBidders.href()}
            startIcon={
              <ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
            }
          >
            {t('bidder.back')}
          </Button>
          {user && user.role === 'user' && can('manage', 'bidder') && (
            <Button
              variant="outlined"
              color={user.biddingBlockedAt ? 'primary' : 'error'}
              disabled={block.isPending}
              onClick={toggleBlock}
            >
              {user.biddingBlockedAt ? t('bidders.unblock') : t('bidders.block')}
            </Button>
          )}
        </>
      }
    >
      {isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 20 }}
        >
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : isError || !data || !user ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
            {[
              [t('bidders.columns.email'), user.email],
              [t('bidders.columns.role'), t(`roles.${user.role}`)],
              [t('bidder.since'), new Date(user.createdAt).toLocaleDateString()],
              [t('bidder.bids'), formatNumber(data.counts.bids)],
              [t('bidder.lotsBidOn'), formatNumber(data.counts.lotsBidOn)],
              [t('bidder.wins'), formatNumber(data.counts.wins)],
              [t('bidder.orders'), formatNumber(data.counts.orders)],
            ].map(([label, value]) => (
              <Box key={label} sx={{ minWidth: 0 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
            {user.biddingBlockedAt && (
              <Chip
                color="error"
                variant="outlined"
                label={`${t('bidders.blocked')}${
                  user.biddingBlockedReason === UNPAID_BLOCK_REASON
                    ? ` · ${t('strikes.reasonUnpaid')}`
                    : user.biddingBlockedReason
                      ? ` · ${user.biddingBlockedReason}`
                      : ''
                }`}
              />
            )}
          </Paper>
          <Box
            sx={{
              display: 'grid',
              gap: 5,
              gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
              alignItems: 'start',
            }}
          >
            <Section title={t('bidder.bidsTitle')}>
              <Bids bids={data.bids} />
            </Section>
            <Box sx={{ display: 'grid', gap: 5 }}>
              <Section title={t('bidder.ordersTitle')}>
                {data.orders.length === 0 ? (
                  <Typography sx={{ color: 'text.secondary' }}>{t('bidder.noOrders')}</Typography>
                ) : (
                  <Box component="ul" sx={listSx}>
                    {data.orders.map((o) => (
                      <Row
                        key={o.id}
                        main={
                          <Link component={RouterLink} to={paths.adminOrder.href(o.id)}>
                            {o.rugTitle}
                          </Link>
                        }
                        sub={when(o.createdAt)}
                        end={
                          <>
                            <Typography variant="body2">{formatUsd(o.itemPrice)}</Typography>
                            <Chip
                              size="small"
                              variant="outlined"
                              label={t(`orders.status.${o.status}`, o.status)}
                            />
                          </>
                        }
                      />
                    ))}
                  </Box>
                )}
              </Section>
              <Section title={t('registrations.bidderTitle')}>
                <BidderRegistrations id={user.id} />
              </Section>
              <Section title={t('strikes.title')}>
                <BidderStrikes id={user.id} />
              </Section>
              <Section title={t('bidder.limitTitle')}>
                <BidderLimit id={user.id} limit={data.limit} />
              </Section>
              <Section title={t('deposits.title')}>
                <BidderDeposits id={user.id} orders={data.orders} />
              </Section>
              {/* Admins only (decision 093): the component renders nothing for other roles. */}
              <BidderIdentity userId={user.id} />
              <Section title={t('bidder.notesTitle')}>
                <Notes id={user.id} notes={data.notes} />
              </Section>
            </Box>
          </Box>
        </>
      )}
    </AdminPage>
  );
}
