/** The back office's dashboard figures (issue 11): what is running now, refreshed live. */
import { z } from 'zod';
import { textField } from './text.ts';

export const adminDashboardSchema = z
  .object({
    openLots: z.number().int(),
    bidsLastHour: z.number().int(),
    /** Open conversations whose customer waits for a staff answer; null for a role that does not read messages. */
    unansweredMessages: z.number().int().nullable(),
    /** Orders awaiting payment and overdue; null for a role that does not read orders. */
    awaitingPayment: z.number().int().nullable(),
    overdue: z.number().int().nullable(),
    /** The money those orders represent (cents: the checkout total once quoted, else hammer + premium). */
    awaitingAmount: z.number().int().nullable(),
    overdueAmount: z.number().int().nullable(),
    /**
     * Condition reports on request (decision 095): open and overdue now; over the last `windowDays`, the requests the
     * desk answered, how many inside their clock, and the median response (minutes; null before any). Null for a role
     * that does not read condition reports.
     */
    conditionReports: z
      .object({
        open: z.number().int(),
        overdue: z.number().int(),
        answered: z.number().int(),
        answeredOnTime: z.number().int(),
        medianResponseMinutes: z.number().int().nullable(),
        windowDays: z.number().int(),
      })
      .nullable(),
    /** Open lots by nearest end, at most 8. */
    closingNext: z.array(
      z.object({
        lotId: textField(),
        auctionId: textField(),
        auctionTitle: textField(),
        lotNumber: z.number().int(),
        rugTitle: textField(),
        endsAt: textField(),
        currentBid: z.number().int().nullable(),
        bidCount: z.number().int(),
      }),
    ),
    at: textField(),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardResponseSchema = z
  .object({ data: adminDashboardSchema })
  .meta({ id: 'AdminDashboardResponse' });
