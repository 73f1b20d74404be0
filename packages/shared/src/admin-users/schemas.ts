import { z } from 'zod';
import { accessUnits, accessActions, type Grant } from '../access/grants';
import { accessActionSchema, accessUnitSchema } from '../access/schemas';
import { emailSchema, passwordSchema } from '../auth/schemas';
import { authMessages } from '../auth/messages';
import { adminUserMessages as m } from './messages';

export const grantSchema = z.object({ unit: accessUnitSchema, action: accessActionSchema });

/** Every (unit, action) pair, in the order the grants matrix shows them. */
export const allGrants: Grant[] = accessUnits.flatMap((unit) =>
  accessActions.map((action) => ({ unit, action })),
);

export const grantKey = (grant: Grant) => `${grant.unit}:${grant.action}`;

/** A role's grants: each pair once (a repeated pair is dropped, not refused). */
export const grantListSchema = z
  .array(grantSchema)
  .max(allGrants.length * 4)
  .transform((grants) => {
    const seen = new Set<string>();
    return grants.filter((grant) => {
      const key = grantKey(grant);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

export const roleNameSchema = z
  .string({ error: m.roleNameRequired })
  .trim()
  .min(1, m.roleNameRequired)
  .max(64, m.roleNameTooLong);
const descriptionSchema = z.string().trim().max(500, m.descriptionTooLong);

export const createRoleSchema = z.object({
  name: roleNameSchema,
  description: descriptionSchema.optional(),
  grants: grantListSchema,
});
export type CreateRoleInput = z.input<typeof createRoleSchema>;

export const updateRoleSchema = z
  .object({ name: roleNameSchema.optional(), description: descriptionSchema.optional() })
  .refine((value) => value.name !== undefined || value.description !== undefined, {
    message: 'Give a name or a description',
  });
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

export const roleGrantsBodySchema = z.object({ grants: grantListSchema });

export const adminRoleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  grants: z.array(grantSchema),
  userCount: z.number().int(),
  isAdminRole: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;
export const adminRoleListSchema = z.object({
  roles: z.array(adminRoleSchema),
  /** The grants of the one asking: pairs they lack cannot be granted. */
  yourGrants: z.array(grantSchema),
});
export type AdminRoleList = z.infer<typeof adminRoleListSchema>;

export const idParamsSchema = z.object({ id: z.uuid() });

export const staffUserStatuses = ['active', 'invited', 'disabled'] as const;
export const staffUserStatusSchema = z.enum(staffUserStatuses);
export type StaffUserStatus = z.infer<typeof staffUserStatusSchema>;
export const staffUserStatusLabels: Record<StaffUserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};

export const staffUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  status: staffUserStatusSchema,
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  invitedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  isYou: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserListSchema = z.object({ users: z.array(staffUserSchema) });

export const staffUserQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  roleId: z.uuid().optional(),
  status: staffUserStatusSchema.optional(),
});
export type StaffUserQuery = z.infer<typeof staffUserQuerySchema>;

export const staffNameSchema = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(128, m.nameTooLong);

export const inviteUserSchema = z.object({
  email: emailSchema,
  name: staffNameSchema,
  roleId: z.uuid({ error: m.roleRequired }),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

export const changeUserRoleSchema = z.object({ roleId: z.uuid({ error: m.roleRequired }) });

export const messageAnswerSchema = z.object({ message: z.string() });
export const invitedAnswerSchema = z.object({ userId: z.uuid(), message: z.string() });
export const sessionsEndedSchema = z.object({ ended: z.number().int(), message: z.string() });

export const publicUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  responseCount: z.number().int(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const publicUserListSchema = z.object({ users: z.array(publicUserSchema) });

export const publicUserQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  verified: z.enum(['true', 'false']).optional(),
});

export const publicUserResponseSchema = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  documentTitle: z.string(),
  answerCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PublicUserResponse = z.infer<typeof publicUserResponseSchema>;
export const publicUserResponseListSchema = z.object({ responses: z.array(publicUserResponseSchema) });
export const recordsDeletedSchema = z.object({ deleted: z.number().int(), message: z.string() });

/** The invited person chooses a password (spec 01 §5's rules: at least 6 characters). */
export const acceptInvitationSchema = z
  .object({
    token: z.string().min(16).max(200),
    password: passwordSchema,
    confirmPassword: z.string({ error: authMessages.required }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsShouldMatch,
    path: ['confirmPassword'],
  });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** Invitations expire after a week. */
export const INVITATION_TTL_DAYS = 7;
