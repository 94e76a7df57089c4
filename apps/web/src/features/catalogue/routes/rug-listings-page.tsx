import { RugListingView } from '../components/rug-listing-view.tsx';

/** /rug-listings?data=<url-encoded RugFilter JSON>: the catalogue narrowed by a filter (SPEC.md 2). */
export default RugListingView;
