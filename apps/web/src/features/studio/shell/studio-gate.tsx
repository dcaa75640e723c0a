import type { AccountView } from '@portal/domain';
import type { ReactNode } from 'react';
import { StaffForbidden, StaffGate, type StaffGateText } from '../../../components/staff-gate';

/** Authors and organisation administrators use the studio (design §13); the server decides. */
export function mayAuthor(account: AccountView | null): boolean {
  return Boolean(account?.roles?.some((role) => role === 'author' || role === 'admin'));
}

const TEXT: StaffGateText = {
  title: 'studio.title',
  signIn: 'studio.gate.signIn',
  logIn: 'studio.gate.logIn',
  forbidden: 'studio.gate.forbidden',
  home: 'studio.gate.home',
};

/** The studio's door: a visitor is asked to log in, a learner is told it is not theirs. */
export function StudioGate({ children }: { children: ReactNode }) {
  return (
    <StaffGate text={TEXT} may={mayAuthor} className="studio">
      {children}
    </StaffGate>
  );
}

/** What a learner sees at /studio, or anyone the server answered 403. */
export function StudioForbidden() {
  return <StaffForbidden text={TEXT} className="studio" />;
}
