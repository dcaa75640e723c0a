import { routeUrl, type MemberSort } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';

/** What the members table asks for: a page, its order and its filter. */
export interface MembersParams {
  offset: number;
  limit: number;
  sort: MemberSort;
  order: 'asc' | 'desc';
  q: string;
}

/** `viewer` is part of every key: only the group's administrators may read it. */
export const groupKeys = {
  all: (alias: string, groupId: string, viewer: string) =>
    ['group', alias, groupId, viewer] as const,
  members: (
    alias: string,
    groupId: string,
    viewer: string,
    params: MembersParams,
    locale: string,
  ) => ['group', alias, groupId, viewer, 'members', params, locale] as const,
  report: (
    alias: string,
    groupId: string,
    viewer: string,
    accountId: string,
    topicId: string,
    index: number,
    locale: string,
  ) => ['group', alias, groupId, viewer, 'report', accountId, topicId, index, locale] as const,
};

const membersUrl = (
  alias: string,
  groupId: string,
  params: Partial<MembersParams>,
  locale: string,
  csv = false,
) =>
  routeUrl(
    csv ? 'groupMembersCsv' : 'groupMembers',
    { org: alias, groupId },
    {
      offset: params.offset,
      limit: params.limit,
      sort: params.sort,
      order: params.order,
      q: params.q,
      locale,
    },
  );

/** GET …/userGroup/{groupId}/members: a page of members with their progress, seats, invitations. */
export function membersQuery(
  alias: string,
  groupId: string,
  viewer: string,
  params: MembersParams,
  locale: string,
) {
  return queryOptions({
    queryKey: groupKeys.members(alias, groupId, viewer, params, locale),
    queryFn: ({ signal }) =>
      call('groupMembers', {
        params: { org: alias, groupId },
        query: { ...params, locale },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Someone joining or saving meanwhile: the table follows while the page is open.
    refetchInterval: 30_000,
  });
}

/** GET …/members/{accountId}/topic/{topicId}/worksheet/{index}: a member's report card. */
export function memberReportQuery(
  alias: string,
  groupId: string,
  viewer: string,
  accountId: string,
  topicId: string,
  index: number,
  locale: string,
) {
  return queryOptions({
    queryKey: groupKeys.report(alias, groupId, viewer, accountId, topicId, index, locale),
    queryFn: ({ signal }) =>
      call('memberReport', {
        params: { org: alias, groupId, accountId, topicId, index },
        query: { locale },
        signal,
      }),
  });
}

/** DELETE …/members/{accountId}: the member leaves the group; their seat is free again. */
export async function removeMember(alias: string, groupId: string, accountId: string) {
  await call('removeMember', { params: { org: alias, groupId, accountId } });
}

/** Downloads the members table as CSV (filtered and sorted as shown): the file is saved. */
export async function downloadMembersCsv(
  alias: string,
  groupId: string,
  params: Pick<MembersParams, 'sort' | 'order' | 'q'>,
  locale: string,
): Promise<void> {
  await downloadFile(membersUrl(alias, groupId, params, locale, true), `${groupId}-members.csv`);
}
