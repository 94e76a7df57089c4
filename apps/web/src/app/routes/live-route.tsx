import { useParams } from 'react-router';
import { useSale } from '@/features/live-room/api/get-sale.ts';
import { LiveRoomPage } from '@/features/live-room/routes/live-room-page.tsx';
import { LiveSalePage } from '@/features/live-sales/routes/live-sale-page.tsx';

/**
 * /live/:id: a sale of type live is run by an auctioneer (features/live-sales: the lot on the block, bid the
 * ask); a timed sale is shown as a room of its running lots (features/live-room). Composed here because features
 * do not import each other; the timed page's sale query decides, and keeps its own loading and error states.
 */
export function LiveRoute() {
  const { id = '' } = useParams();
  const sale = useSale(id);
  return sale.data?.sale.type === 'live' ? <LiveSalePage /> : <LiveRoomPage />;
}

export default LiveRoute;
