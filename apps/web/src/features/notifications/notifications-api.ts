import {
  knowRoutePaths,
  NOTIFICATION_ROUTE_PATHS,
  type NotificationPreferences,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

// The notices' routes join the table with this code: a learner's first load has none.
knowRoutePaths(NOTIFICATION_ROUTE_PATHS);

export function myNotificationsQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: ['notifications', org, viewer],
    queryFn: ({ signal }) => call('myNotifications', { params: { org }, signal }),
  });
}

export function saveNotifications(
  org: string,
  locale: string,
  body: Partial<NotificationPreferences>,
) {
  return call('saveNotifications', { params: { org }, query: { locale }, body });
}

export function unsubscribeLinkQuery(org: string, token: string) {
  return queryOptions({
    queryKey: ['unsubscribe', org, token],
    queryFn: ({ signal }) => call('unsubscribeLink', { params: { org, token }, signal }),
    retry: false,
  });
}

export function unsubscribe(org: string, token: string) {
  return call('unsubscribe', { params: { org, token } });
}
