import { z } from 'zod';

/** The signed-in learner as the account answer shows them: nothing secret, no password. */
export const accountViewSchema = z.object({
  user: z.object({
    id: z.object({ email: z.string(), username: z.string(), isOAuthUser: z.boolean() }),
  }),
  userGroups: z.array(z.object({ _id: z.string(), name: z.string(), isAdmin: z.boolean() })),
  name: z.object({ first: z.string(), last: z.string(), full: z.string() }),
  phone: z.string(),
  company: z.string(),
  employeeId: z.string(),
  profilePicture: z.object({ secure_url: z.string() }).optional(),
});

export type AccountView = z.infer<typeof accountViewSchema>;
