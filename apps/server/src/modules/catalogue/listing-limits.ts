/**
 * How the listing keeps GET /rug cheap at 100,000 rugs (docs/benchmarks.md, "Catalogue listing").
 *
 * Totals: matches are counted exactly up to EXACT_COUNT_LIMIT (250; a count that stops at limit + 1, cheap for broad
 * filters because it stops early and for narrow ones because there is little to count). Above that, `total` is the
 * planner's estimate (never below EXACT_COUNT_LIMIT + 1) and, when the service caches, the exact count is computed
 * off the request path and served from the totals cache for its TTL. A broad filter's total is thus approximate for
 * at most one cache period; pages past the real end are simply empty.
 *
 * Relevance: ts_rank reads every match's search vector from the heap, so matches are ranked only when there are at
 * most RANK_LIMIT of them (a typed word or two: "silk qum"). A broad prefix ("ka") lists its matches newest first.
 */
export const EXACT_COUNT_LIMIT = 250;
export const RANK_LIMIT = 250;
