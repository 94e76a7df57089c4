import { z } from 'zod';
import { textField } from './text.ts';
import { apiImageSchema } from './media.ts';

export const collectionSchema = z
  .object({
    id: textField(),
    title: textField(),
    slug: textField(),
    description: textField(),
    coverImage: textField().nullable(),
    /** The cover in every size and format (the collection's own, else its most valuable rug's first picture). */
    cover: apiImageSchema.nullable().optional(),
    rugCount: z.number().int(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof collectionSchema>;

export const collectionListResponseSchema = z
  .object({ data: z.array(collectionSchema) })
  .meta({ id: 'CollectionList' });
