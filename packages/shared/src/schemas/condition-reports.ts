/**
 * Condition reports on request (issue 29 §2, decision 095): a signed-in collector asks for a lot's report, the
 * specialist desk answers with text and photos within the house's promise (Settings, default 24 h), and whoever asks
 * after that gets the report at once. The collector's and the staff's shapes.
 */
import { z } from 'zod';
import {
  conditionReportMessages as m,
  conditionReportStaffMessages as sm,
} from '../messages/condition-reports.ts';
import { apiImageSchema } from './media.ts';
import { textField } from './text.ts';

export { conditionReportMessages, conditionReportStaffMessages } from '../messages/condition-reports.ts';

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });

/** The two answers that carry a shape: a read (`{ data }`) and a change (`{ message, data }`), named after it. */
const answersOf = <T extends z.ZodType>(data: T, id: string) => ({
  read: z.object({ data }).meta({ id: `${id}Response` }),
  saved: z.object({ message: textField(), data }).meta({ id: `${id}Saved` }),
});

/** The longest question a collector may add, and the longest report. */
export const CONDITION_QUESTION_MAX = 1000;
export const CONDITION_REPORT_MAX = 10_000;
export const CONDITION_REPORT_MAX_PHOTOS = 12;

/** House setting `condition_reports`: how many hours the house promises to answer within. */
export const DEFAULT_CONDITION_PROMISE_HOURS = 24;
export const conditionReportSettingsSchema = z
  .object({
    promiseHours: z
      .number({ error: sm.promiseInvalid })
      .int(sm.promiseInvalid)
      .min(1, sm.promiseInvalid)
      .max(336, sm.promiseInvalid),
  })
  .strict()
  .meta({ id: 'ConditionReportSettings' });
export type ConditionReportSettings = z.infer<typeof conditionReportSettingsSchema>;

/** A lot's id in a public path: anything else is a 400 in words. */
export const conditionLotParamSchema = z.object({ id: z.uuid({ error: m.lotIdInvalid }) });

/** POST /rug/condition-report/{lot id}: an optional question (empty is none). */
export const conditionRequestCreateSchema = z
  .object({
    question: textField({ error: m.questionTooLong })
      .trim()
      .max(CONDITION_QUESTION_MAX, m.questionTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict()
  .meta({ id: 'ConditionRequestCreate' });
export type ConditionRequestCreate = z.infer<typeof conditionRequestCreateSchema>;

/** A report as collectors read it: its latest version, with the photos. */
export const conditionReportSchema = z
  .object({
    version: z.number().int(),
    body: textField(),
    photos: z.array(apiImageSchema),
    /** When this version was published (a correction's own time). */
    publishedAt: isoTime,
  })
  .meta({ id: 'ConditionReport' });
export type ConditionReport = z.infer<typeof conditionReportSchema>;

/** The caller's own request: their question is theirs and the staff's only. */
export const conditionRequestSchema = z
  .object({
    id: textField(),
    question: textField().nullable(),
    requestedAt: isoTime,
    /** requestedAt + the promise as it stood then. */
    dueAt: isoTime,
    answeredAt: isoTime.nullable(),
  })
  .meta({ id: 'ConditionRequest' });
export type ConditionRequest = z.infer<typeof conditionRequestSchema>;

/**
 * A lot's condition report as the caller stands: anonymous callers learn only the promise; a signed-in caller learns
 * whether a report exists (`available`: asking gets it at once), their request, and the report once they asked.
 */
export const conditionStandingSchema = z
  .object({
    lotId: textField(),
    promiseHours: z.number().int(),
    available: z.boolean(),
    request: conditionRequestSchema.nullable(),
    report: conditionReportSchema.nullable(),
  })
  .meta({ id: 'ConditionStanding' });
export type ConditionStanding = z.infer<typeof conditionStandingSchema>;
const standingAnswers = answersOf(conditionStandingSchema, 'ConditionStanding');
export const conditionStandingResponseSchema = standingAnswers.read;
export const conditionRequestResponseSchema = standingAnswers.saved;

/** GET /rug/condition-reports: my requests, newest first, each with its lot and the report once answered. */
export const myConditionRequestSchema = z
  .object({
    request: conditionRequestSchema,
    lot: z.object({
      id: textField(),
      rugId: textField(),
      rugSlug: textField(),
      title: textField(),
      lotNumber: z.number().int(),
      auctionTitle: textField(),
    }),
    report: conditionReportSchema.nullable(),
  })
  .meta({ id: 'MyConditionRequest' });
export type MyConditionRequest = z.infer<typeof myConditionRequestSchema>;
export const myConditionRequestListResponseSchema = z
  .object({ data: z.array(myConditionRequestSchema) })
  .meta({ id: 'MyConditionRequestList' });

// ---- Staff -----------------------------------------------------------------------------------------------------

export const conditionDeskFilters = ['open', 'overdue', 'answered', 'all'] as const;
export type ConditionDeskFilter = (typeof conditionDeskFilters)[number];

export const adminConditionQuerySchema = z.object({
  status: z.enum(conditionDeskFilters).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminConditionQuery = z.infer<typeof adminConditionQuerySchema>;

export const adminConditionRequestSchema = z
  .object({
    id: textField(),
    lotId: textField(),
    lotNumber: z.number().int(),
    rugTitle: textField(),
    auctionTitle: textField(),
    userId: textField(),
    userName: textField(),
    userEmail: textField(),
    question: textField().nullable(),
    requestedAt: isoTime,
    dueAt: isoTime,
    answeredAt: isoTime.nullable(),
    /** Answered from a report that existed already (not counted in the desk's response time). */
    answeredAtOnce: z.boolean(),
    answeredVersion: z.number().int().nullable(),
  })
  .meta({ id: 'AdminConditionRequest' });
export type AdminConditionRequest = z.infer<typeof adminConditionRequestSchema>;

export const adminConditionListResponseSchema = z
  .object({
    data: z.array(adminConditionRequestSchema),
    meta: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
    counts: z.object({ open: z.number().int(), overdue: z.number().int(), answered: z.number().int() }),
    /** The database's clock, for the "due in" / "overdue by" clocks. */
    serverNow: isoTime,
  })
  .meta({ id: 'AdminConditionRequestList' });

export const adminConditionVersionSchema = z
  .object({
    version: z.number().int(),
    body: textField(),
    photos: z.array(apiImageSchema),
    authorName: textField().nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminConditionVersion' });

/** One lot at the desk: the lot, every request for it (open first), and every version of its report, newest first. */
export const adminConditionLotSchema = z
  .object({
    lot: z.object({
      id: textField(),
      rugId: textField(),
      rugSlug: textField(),
      title: textField(),
      lotNumber: z.number().int(),
      auctionId: textField(),
      auctionTitle: textField(),
      status: textField(),
      conditionGrade: textField(),
      cover: apiImageSchema.nullable(),
    }),
    requests: z.array(adminConditionRequestSchema),
    versions: z.array(adminConditionVersionSchema),
    serverNow: isoTime,
  })
  .meta({ id: 'AdminConditionLot' });
export type AdminConditionLot = z.infer<typeof adminConditionLotSchema>;
const lotAnswers = answersOf(adminConditionLotSchema, 'AdminConditionLot');
export const adminConditionLotResponseSchema = lotAnswers.read;
export const adminConditionLotSavedSchema = lotAnswers.saved;

/** POST /admin/condition-reports/lots/{id}/report: a new version (the first answer, or a correction). */
export const adminConditionAnswerSchema = z
  .object({
    body: textField({ error: sm.bodyRequired })
      .trim()
      .min(1, sm.bodyRequired)
      .max(CONDITION_REPORT_MAX, sm.bodyRequired),
    photoIds: z
      .array(z.uuid({ error: sm.photoIdInvalid }), { error: sm.photoIdInvalid })
      .max(CONDITION_REPORT_MAX_PHOTOS, sm.tooManyPhotos)
      .default([]),
  })
  .strict()
  .meta({ id: 'AdminConditionAnswer' });
export type AdminConditionAnswer = z.infer<typeof adminConditionAnswerSchema>;

export const adminConditionPhotoResponseSchema = z
  .object({ message: textField(), data: apiImageSchema })
  .meta({ id: 'AdminConditionPhoto' });
