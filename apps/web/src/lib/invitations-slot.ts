import type { ComponentType } from 'react';

/**
 * The one seat screen's section (features/invitations): a group's seats, the invite form and its
 * invitations. The group page and the bundle page (features/groups, features/store) receive it
 * from the routes (app/routes.tsx): features never import each other.
 */
export interface SeatsAndInvitationsProps {
  groupId: string;
  /** After an invitation was sent or revoked: what the page shows of the group is read again. */
  onChanged?: () => void;
  /** Where members show up once they join, for the section's note on used invitations. */
  membersNote?: 'below' | 'groupPage';
}

export type SeatsAndInvitationsComponent = ComponentType<SeatsAndInvitationsProps>;
