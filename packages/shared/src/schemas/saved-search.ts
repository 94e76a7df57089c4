import { z } from 'zod';
import { rugFilterSchema } from './rug-filter.ts';
import { textField } from './text.ts';

/** How a saved search's matches reach the owner by e-mail (in-app and push are always at once). */
export const SAVED_SEARCH_EMAIL_MODES = ['instant', 'daily', 'off'] as const;
export type SavedSearchEmailMode = (typeof SAVED_SEARCH_EMAIL_MODES)[number];

/** A collector keeps at most this many searches (each one is matched against every newly published rug). */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCH_NAME_MAX = 80;

export const savedSearchMessages = {
  created: 'Search saved: we will tell you when a matching rug is published.',
  updated: 'Saved search updated.',
  deleted: 'Saved search deleted.',
  notFound: 'Saved search not found.',
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches: delete one first.`,
  nameRequired: 'Give the search a name.',
  nameTooLong: `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters.`,
  emptyUpdate: 'Nothing to change.',
} as const;

const nameField = () =>
  textField({ error: savedSearchMessages.nameRequired })
    .trim()
    .min(1, savedSearchMessages.nameRequired)
    .max(SAVED_SEARCH_NAME_MAX, savedSearchMessages.nameTooLong);

/**
 * The stored filter: the listing's own RugFilter (the JSON of /rug-listings?data=) without paging and sort,
 * which say nothing about which rugs match.
 */
export const savedSearchFilterSchema = rugFilterSchema.transform(
  ({ page: _page, pageSize: _pageSize, sort: _sort, ...rest }) => rest,
);
export type SavedSearchFilter = z.output<typeof savedSearchFilterSchema>;

export const savedSearchCreateSchema = z
  .object({
    name: nameField(),
    filter: savedSearchFilterSchema,
    emailMode: z.enum(SAVED_SEARCH_EMAIL_MODES).default('instant'),
  })
  .meta({ id: 'SavedSearchCreate' });
export type SavedSearchCreateInput = z.input<typeof savedSearchCreateSchema>;

export const savedSearchUpdateSchema = z
  .object({
    name: nameField().optional(),
    emailMode: z.enum(SAVED_SEARCH_EMAIL_MODES).optional(),
    paused: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.emailMode !== undefined || v.paused !== undefined, {
    message: savedSearchMessages.emptyUpdate,
  })
  .meta({ id: 'SavedSearchUpdate' });
export type SavedSearchUpdateInput = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z
  .object({
    id: textField(),
    name: textField(),
    filter: z.record(textField(), z.unknown()),
    emailMode: z.enum(SAVED_SEARCH_EMAIL_MODES),
    paused: z.boolean(),
    /** Rugs this search has alerted about so far. */
    alertCount: z.number().int().min(0),
    lastAlertAt: textField().nullable(),
    createdAt: textField(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z
  .object({ data: z.array(savedSearchSchema) })
  .meta({ id: 'SavedSearchList' });
export const savedSearchResponseSchema = z
  .object({ message: textField(), data: savedSearchSchema })
  .meta({ id: 'SavedSearchResponse' });
