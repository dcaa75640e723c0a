import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '@portal/domain';

/** A person's data as GET …/account/export answers it (design §18); tests override what they need. */
export function sampleExport(overrides: Partial<AccountExport> = {}): AccountExport {
  const at = '2026-11-29T09:30:00.000Z';
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: at,
    organisation: { id: 'org-1', alias: 'sample', name: 'Sample Academy' },
    account: {
      id: 'u-camille',
      username: 'camille',
      email: 'camille@sample.test',
      name: { first: 'Camille', last: 'Tremblay' },
      phone: '',
      company: '',
      employeeId: '',
      profilePicture: null,
      roles: ['learner'],
      status: 'active',
      signsInWith: 'password',
      createdAt: at,
      updatedAt: at,
    },
    groups: [],
    workbook: { data: { topics: {} }, version: 3, updatedAt: at },
    progress: [],
    messages: [],
    orders: [],
    certificates: [],
    uploads: [],
    notificationPreferences: null,
    singleSignOn: [],
    sessions: [{ createdAt: at, expiresAt: at, revokedAt: null }],
    invitations: [],
    pendingEmailChanges: [],
    analyticsEvents: [],
    ...overrides,
  };
}

/**
 * Catches what the page saves as a file (lib/api/download.ts: a Blob behind an object URL, and a
 * link clicked with `download`): `saved` reads each file's name and text; `restore` puts the
 * browser's functions back.
 */
export function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const clicks: { name: string; href: string }[] = [];
  const original = {
    create: URL.createObjectURL as typeof URL.createObjectURL | undefined,
    revoke: URL.revokeObjectURL as typeof URL.revokeObjectURL | undefined,
    click: HTMLAnchorElement.prototype.click,
  };
  URL.createObjectURL = (blob: Blob) => {
    const href = `blob:test/${blobs.size + 1}`;
    blobs.set(href, blob);
    return href;
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    clicks.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  };
  return {
    saved: () =>
      Promise.all(
        clicks.map(async ({ name, href }) => ({
          name,
          text: (await blobs.get(href)?.text()) ?? '',
        })),
      ),
    restore: () => {
      // jsdom has no object URLs of its own: what it lacked, it lacks again.
      if (original.create) URL.createObjectURL = original.create;
      else Reflect.deleteProperty(URL, 'createObjectURL');
      if (original.revoke) URL.revokeObjectURL = original.revoke;
      else Reflect.deleteProperty(URL, 'revokeObjectURL');
      HTMLAnchorElement.prototype.click = original.click;
    },
  };
}
