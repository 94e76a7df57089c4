// What the repository reads and the ICS writer turns into events; here so neither imports the other.

/** One lot as a calendar event: when it closes (soft close included) and what it is. */
export interface LotEventRow {
  lotId: string;
  lotNumber: number;
  rugId: string;
  rugTitle: string;
  auctionTitle: string;
  endsMs: number;
  status: string;
}

/** A sale as one calendar event: its lots close between these times (soft close included, as stored now). */
export interface SaleEventRow {
  auctionId: string;
  slug: string;
  title: string;
  lots: number;
  firstEndMs: number;
  lastEndMs: number;
}
