import type { AdminSettings } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { adminKeys } from './admin-api';

/** The console's settings (design §15): the draft, its versions, and what changes them. */
export const settingsKeys = {
  draft: (org: string, viewer: string) => [...adminKeys.all(org, viewer), 'settings'] as const,
  versions: (org: string, viewer: string) =>
    [...adminKeys.all(org, viewer), 'settings', 'versions'] as const,
};

/** GET …/admin/settings: the draft, every locale included, with its version. */
export function settingsQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: settingsKeys.draft(org, viewer),
    queryFn: ({ signal }) => call('adminSettings', { params: { org }, signal }),
  });
}

/** GET …/admin/settings/versions: the published versions, newest first. */
export function settingsVersionsQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: settingsKeys.versions(org, viewer),
    queryFn: ({ signal }) => call('adminSettingsVersions', { params: { org }, signal }),
  });
}

/** PUT …/admin/settings at the version last read: 409 with the stored draft when stale. */
export const saveSettings = (org: string, settings: AdminSettings, version: number) =>
  call('saveAdminSettings', { params: { org }, body: { settings, version } });

export const publishSettings = (org: string, note?: string) =>
  call('publishAdminSettings', { params: { org }, body: note ? { note } : {} });

export const restoreSettings = (org: string, version: number) =>
  call('restoreAdminSettings', { params: { org }, body: { version } });
