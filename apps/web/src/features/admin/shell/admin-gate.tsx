import type { AccountView } from '@portal/domain';
import type { ReactNode } from 'react';
import { StaffForbidden, StaffGate, type StaffGateText } from '../../../components/staff-gate';

/** Organisation administrators use the console (design §13); the server decides. */
export const mayAdminister = (account: AccountView | null): boolean =>
  Boolean(account?.roles?.includes('admin'));

const TEXT: StaffGateText = {
  title: 'admin.title',
  signIn: 'admin.gate.signIn',
  logIn: 'admin.gate.logIn',
  forbidden: 'admin.gate.forbidden',
  home: 'admin.gate.home',
};

/** The console's door: a visitor is asked to log in, anyone but an administrator is refused. */
export function AdminGate({ children }: { children: ReactNode }) {
  return (
    <StaffGate text={TEXT} may={mayAdminister} className="admin">
      {children}
    </StaffGate>
  );
}

/** What someone who is not an administrator sees, or anyone the server answered 403. */
export function AdminForbidden() {
  return <StaffForbidden text={TEXT} className="admin" />;
}
