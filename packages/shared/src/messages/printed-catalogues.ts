/** What a reader sees about a sale's printed catalogue and realised prices (issue 29 §3, decision 094). */
export const printedCatalogueMessages = {
  saleNotFound: 'Sale not found',
  noResults: 'The realised prices are printed once the sale is over',
  notReady: 'The PDF is being prepared: try again in a moment',
} as const;
