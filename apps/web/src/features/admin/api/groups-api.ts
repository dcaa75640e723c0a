import type { LocalisedText } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { adminKeys } from './admin-api';

/** The console's user groups (design §15). */
export const groupsKey = (org: string, viewer: string) =>
  [...adminKeys.all(org, viewer), 'groups'] as const;

export function groupsQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: groupsKey(org, viewer),
    queryFn: ({ signal }) => call('consoleGroups', { params: { org }, signal }),
  });
}

export const createGroup = (org: string, _id: string, name: LocalisedText) =>
  call('createConsoleGroup', {
    params: { org },
    body: { _id, name: name as Record<string, string> },
  });

export const saveGroup = (org: string, groupId: string, name: LocalisedText, topics: string[]) =>
  call('saveConsoleGroup', {
    params: { org, groupId },
    body: { name: name as Record<string, string>, topics },
  });

export const addGroupAdmin = (org: string, groupId: string, email: string) =>
  call('addConsoleGroupAdmin', { params: { org, groupId }, body: { email } });

export const removeGroupAdmin = (org: string, groupId: string, accountId: string) =>
  call('removeConsoleGroupAdmin', { params: { org, groupId, accountId } });

/** Sets (or, with null, clears) the group's single sign-on; a secret left out stays. */
export const saveGroupSso = (
  org: string,
  groupId: string,
  sso: {
    issuer: string;
    clientId: string;
    clientSecret?: string;
    prompt?: Record<string, string>;
  } | null,
) => call('saveConsoleGroupSso', { params: { org, groupId }, body: { sso } });

/** Asks the provider at `issuer` (or the group's own) whether it answers as it should. */
export const testGroupSso = (org: string, groupId: string, issuer?: string) =>
  call('testConsoleGroupSso', {
    params: { org, groupId },
    body: issuer ? { issuer } : {},
  });
