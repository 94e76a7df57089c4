import { z } from 'zod';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The user object every auth answer carries (SPEC.md 3, issue 2 section 4). */
export const userSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** A path the web app appends to the image base address; null means the default avatar. */
    profileImage: z.string().nullable(),
    /** Masked card number, null until a card is saved. */
    cardNumber: z.string().nullable(),
    role: roleSchema,
    emailVerified: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
