import { RugListingView } from '../components/rug-listing-view.tsx';

/** /rug-listing: the whole catalogue (the same view as /rug-listings, with no filter). */
export default RugListingView;
