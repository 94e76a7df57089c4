/** Staff accounts (issue 11): admins give a person a back-office role, change it, or take it away. */
import { z } from 'zod';
import { allRoles, staffRoleSchema } from '../abilities/staff.ts';
import { textField } from './text.ts';

export const adminStaffMessages = {
  emailInvalid: 'Enter a valid e-mail address',
  nameRequired: 'Enter the first and last name',
  roleInvalid: 'Choose a role: admin, specialist or accounts (or collector to take staff access away)',
  notOwnRole: 'You cannot change your own role (another admin can)',
  staffAdded:
    'Staff account ready: they sign in with their password, or set one with \u201cForgot password\u201d',
  roleChanged: 'Role changed',
  accessRemoved: 'Staff access removed and their sessions signed out',
  userNotFound: 'User not found',
} as const;
const m = adminStaffMessages;

/** Makes the person staff: an existing account keeps its password; a new one sets it through "Forgot password". */
export const adminStaffCreateSchema = z
  .object({
    email: z.email(m.emailInvalid).trim().toLowerCase().max(254, m.emailInvalid),
    firstName: textField({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameRequired),
    lastName: textField({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameRequired),
    role: z.enum(staffRoleSchema.options, { error: m.roleInvalid }),
  })
  .strict()
  .meta({ id: 'AdminStaffCreate' });

/** `user` takes the back office away (and signs the person out everywhere). */
export const adminStaffRoleSchema = z
  .object({ role: z.enum(allRoles, { error: m.roleInvalid }) })
  .strict()
  .meta({ id: 'AdminStaffRole' });

export const adminStaffSchema = z
  .object({
    id: textField(),
    name: textField(),
    email: textField(),
    role: z.enum(allRoles),
    lastActionAt: textField().nullable(),
  })
  .meta({ id: 'AdminStaff' });
export type AdminStaff = z.infer<typeof adminStaffSchema>;

export const adminStaffListResponseSchema = z
  .object({ data: z.array(adminStaffSchema) })
  .meta({ id: 'AdminStaffList' });
export const adminStaffResponseSchema = z
  .object({ message: textField(), data: adminStaffSchema })
  .meta({ id: 'AdminStaffResponse' });
