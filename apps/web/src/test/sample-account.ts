import type { AccountView } from '@portal/domain';

/** An account as GET /{org}/account/settings answers it; tests override what they need. */
export function sampleAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    user: { id: { email: 'camille@sample.test', username: 'camille', isOAuthUser: false } },
    userGroups: [],
    name: { first: 'Camille', last: 'Tremblay', full: 'Camille Tremblay' },
    phone: '',
    company: '',
    employeeId: '',
    ...overrides,
  };
}
