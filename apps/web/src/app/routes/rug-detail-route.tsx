import { Suspense, useCallback } from 'react';
import { useMatch, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Lot, RugDetail } from '@knotwork/shared/schemas/catalogue';
import { paths } from '@/config/paths.ts';
import { LiveLotPanel } from '@/features/bidding/components/live-lot-panel.tsx';
import { AddToCalendarLink } from '@/features/calendar/components/add-to-calendar-link.tsx';
import { LotIdentityNotice } from '@/features/identity/components/lot-identity-notice.tsx';
import { RegisterToBid } from '@/features/registrations/components/register-to-bid.tsx';
import { ComparablesSection } from '@/features/realised-prices/components/comparables-section.tsx';
import { ConditionReportRequest } from '@/features/condition-reports/components/condition-report-request.tsx';
import { RoomPlanButton } from '@/features/room-plan/components/room-plan-button.tsx';
import { MyTelephoneLineNote } from '@/features/telephone-bids/components/my-telephone-line.tsx';
import { getRugQueryOptions, type RugDetailResult } from '@/features/rug-detail/api/get-rug.ts';
import { RugDetailScreen } from '@/features/rug-detail/components/rug-detail-screen.tsx';

/**
 * Whether a live patch changes what the page shows. The lot's snapshot arrives again on every (re)subscription with
 * only its `serverNow` new (the panel keeps the clock offset itself): keeping the cached rug as it is spares the whole
 * page a render, which on a phone was a 100 ms task after the first paint (Lighthouse TBT, issue 24 section 10).
 */
function changesLot(lot: Lot, patch: Partial<Lot>): boolean {
  return Object.entries(patch).some(
    ([key, value]) => key !== 'serverNow' && JSON.stringify(value) !== JSON.stringify(lot[key as keyof Lot]),
  );
}

/**
 * /rug-listing/:id and /rugs-details-live/:id: the rug page (features/rug-detail) with the live lot panel
 * (features/bidding) in its panel slot. Composed here because features do not import each other. Live
 * changes go into the rug's query cache, so the page, the panel and a later visit all see one lot.
 */
export function RugDetailRoute() {
  const { id = '' } = useParams();
  const live = useMatch(paths.rugLive.path) !== null;
  const queryClient = useQueryClient();
  const queryKey = getRugQueryOptions(id).queryKey;

  const onLot = useCallback(
    (patch: Partial<Lot>) =>
      queryClient.setQueryData<RugDetailResult>(queryKey, (old) =>
        old?.rug.lot && changesLot(old.rug.lot, patch)
          ? { ...old, rug: { ...old.rug, lot: { ...old.rug.lot, ...patch } } }
          : old,
      ),
    // queryKey is rebuilt each render from `id`; `id` is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, id],
  );

  const renderPanel = (rug: RugDetail, receivedAt: number) =>
    rug.lot ? (
      <>
        <LiveLotPanel
          key={rug.lot.id}
          lot={rug.lot}
          receivedAt={receivedAt}
          onLot={onLot}
          emphasis={live ? 'live' : 'default'}
        />
        {rug.lot.status !== 'closed' && <RegisterToBid saleId={rug.lot.auctionId} compact />}
        {/* The bidder's telephone line for this lot, if they booked one (issue 29 §1). */}
        <MyTelephoneLineNote lotId={rug.lot.id} />
        {rug.lot.status !== 'closed' && <AddToCalendarLink lotId={rug.lot.id} />}
        {rug.lot.status !== 'closed' && <LotIdentityNotice rugId={rug.id} />}
      </>
    ) : undefined;

  // Its own Suspense: the comparables' words (a lazy namespace) load without holding the rug page back.
  const renderExtra = (rug: RugDetail) => (
    <Suspense fallback={null}>
      <ComparablesSection rugId={rug.id} origin={rug.originRegion} />
    </Suspense>
  );

  // "See it in my room" (features/room-plan): the button only; the planner loads when it is opened.
  const renderTools = (rug: RugDetail) => <RoomPlanButton rug={rug} />;

  // A lot's condition report on request (features/condition-reports), under the catalogue's own; its words are a
  // lazy namespace, loaded in its own Suspense.
  const renderCondition = (rug: RugDetail) =>
    rug.lot ? (
      <Suspense fallback={null}>
        <ConditionReportRequest lotId={rug.lot.id} />
      </Suspense>
    ) : null;

  return (
    <RugDetailScreen
      idOrSlug={id}
      live={live}
      renderPanel={renderPanel}
      renderExtra={renderExtra}
      renderTools={renderTools}
      renderCondition={renderCondition}
    />
  );
}

export default RugDetailRoute;
