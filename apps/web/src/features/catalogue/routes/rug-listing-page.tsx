import { RugListingView } from '../components/rug-listing-view.tsx';

/**
 * /rug-listing (the whole catalogue) and /rug-listings?data=<url-encoded RugFilter JSON> (the catalogue narrowed by a
 * filter, SPEC.md 2): one page, whose filters pick the path.
 */
export default RugListingView;
