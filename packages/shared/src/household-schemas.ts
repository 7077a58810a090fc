import { z } from './zod';
import { emailProblem, normalizeEmail } from './auth-rules';
import { currencyCodeSchema } from './rate-schemas';

/** What a member may do, from most to least (docs/api.md, Households). */
export const HOUSEHOLD_ROLES = ['owner', 'editor', 'viewer'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** True when `role` may do what `needed` may. */
export function roleAllows(role: HouseholdRole, needed: HouseholdRole): boolean {
  return HOUSEHOLD_ROLES.indexOf(role) <= HOUSEHOLD_ROLES.indexOf(needed);
}

export const HOUSEHOLD_LIMITS = {
  nameMax: 50,
  /** Households one user may belong to. */
  perUser: 20,
  /** How long an invitation's code can be used. */
  invitationDays: 7,
} as const;

/** The request header naming the household a data route acts on. */
export const HOUSEHOLD_HEADER = 'moneta-household';

export { PERSONAL_HOUSEHOLD_NAME } from './household-names';

export const HOUSEHOLD_MESSAGES = {
  nameRequired: 'Please enter a name for the household.',
  nameTooLong: `Household name must be at most ${HOUSEHOLD_LIMITS.nameMax} characters long.`,
  roleInvalid: 'Role must be owner, editor or viewer.',
  codeRequired: 'Please enter the invitation code.',
} as const;

const householdName = z
  .string({ message: HOUSEHOLD_MESSAGES.nameRequired })
  .trim()
  .min(1, HOUSEHOLD_MESSAGES.nameRequired)
  .max(HOUSEHOLD_LIMITS.nameMax, HOUSEHOLD_MESSAGES.nameTooLong);

const householdRole = z.enum(HOUSEHOLD_ROLES, { message: HOUSEHOLD_MESSAGES.roleInvalid });

export const householdInputSchema = z.object({
  name: householdName,
  baseCurrency: currencyCodeSchema,
});
export type HouseholdInput = z.input<typeof householdInputSchema>;

export const householdUpdateSchema = z.object({
  name: householdName.optional(),
  baseCurrency: currencyCodeSchema.optional(),
});
export type HouseholdUpdate = z.input<typeof householdUpdateSchema>;

export const householdSchema = z.object({
  _id: z.string(),
  name: z.string(),
  baseCurrency: z.string(),
  /** The caller's role in it. */
  role: z.enum(HOUSEHOLD_ROLES),
  memberCount: z.number().int(),
  /** It is the caller's default household (the one a request without the header acts on). */
  isDefault: z.boolean(),
});
export type Household = z.infer<typeof householdSchema>;
export const householdListSchema = z.array(householdSchema);

export const householdMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  joinedAt: z.string(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;
export const householdMemberListSchema = z.array(householdMemberSchema);

export const memberRoleInputSchema = z.object({ role: householdRole });

export const invitationInputSchema = z.object({
  role: householdRole,
  email: z
    .string()
    .superRefine((email, ctx) => {
      const problem = emailProblem(email);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeEmail)
    .nullable()
    .optional(),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const invitationSchema = z.object({
  _id: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  email: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** The answer to making an invitation: the only time its code is shown. */
export const createdInvitationSchema = z.object({
  _id: z.string(),
  code: z.string(),
  /** The web link that signs up or signs in, then accepts. */
  url: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const invitationAcceptSchema = z.object({
  code: z
    .string({ message: HOUSEHOLD_MESSAGES.codeRequired })
    .trim()
    .min(1, HOUSEHOLD_MESSAGES.codeRequired)
    .max(200, HOUSEHOLD_MESSAGES.codeRequired),
});
