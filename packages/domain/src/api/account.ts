import { z } from 'zod';
import { ORG_ROLES } from '../content-pack';

/** The signed-in learner as the account answer shows them: nothing secret, no password. */
export const accountViewSchema = z.object({
  user: z.object({
    id: z.object({ email: z.string(), username: z.string(), isOAuthUser: z.boolean() }),
  }),
  /**
   * The learner's user groups: those they belong to, and the cohorts under the groups they
   * administer (docs/design.md §9). `parentId` names the group a cohort belongs to.
   */
  userGroups: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      isAdmin: z.boolean(),
      parentId: z.string().nullable().optional(),
    }),
  ),
  name: z.object({ first: z.string(), last: z.string(), full: z.string() }),
  phone: z.string(),
  company: z.string(),
  employeeId: z.string(),
  profilePicture: z.object({ secure_url: z.string() }).optional(),
  /** Roles beyond learner in this organisation (docs/design.md §13); the web shows the studio to authors and administrators. */
  roles: z.array(z.enum(ORG_ROLES)).optional(),
});

export type AccountView = z.infer<typeof accountViewSchema>;
