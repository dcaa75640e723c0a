import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { AuditLog } from '../audit/audit-log';
import { CertificatesScreen } from '../certificates/certificates-screen';
import { BundleEditor, type BundlePreviewComponent } from '../bundles/bundle-editor';
import { BundlesScreen } from '../bundles/bundles-screen';
import { GroupPage } from '../groups/group-page';
import { GroupsScreen } from '../groups/groups-screen';
import { SettingsScreen, type SettingsPreviewComponent } from '../settings/settings-screen';
import { OrdersScreen } from '../orders/orders-screen';
import { PeopleImport } from '../people/people-import';
import { PeoplePage } from '../people/people-page';
import { AdminGate } from './admin-gate';
import '../admin.css';

/** The console's screens under /admin (app/routes.tsx gives it /admin/*), behind its door. */
export function AdminRoutes({
  settingsPreview,
  bundlePreview,
}: {
  settingsPreview?: SettingsPreviewComponent;
  bundlePreview?: BundlePreviewComponent;
}) {
  return (
    <AdminGate>
      <AdminLayout>
        <Routes>
          <Route index element={<Navigate to="audit" replace />} />
          <Route path="settings" element={<SettingsScreen Preview={settingsPreview} />} />
          <Route path="groups" element={<GroupsScreen />} />
          <Route path="groups/:groupId" element={<GroupPage />} />
          <Route path="bundles" element={<BundlesScreen />} />
          <Route path="bundles/:bundleId" element={<BundleEditor Preview={bundlePreview} />} />
          <Route path="people" element={<PeoplePage />} />
          <Route path="people/import" element={<PeopleImport />} />
          <Route path="orders" element={<OrdersScreen />} />
          <Route path="certificates" element={<CertificatesScreen />} />
          <Route path="audit" element={<AuditLog />} />
          <Route path="*" element={<Navigate to="audit" replace />} />
        </Routes>
      </AdminLayout>
    </AdminGate>
  );
}

/** The console's heading and its sections. */
function AdminLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="page admin">
      <p className="admin__title">
        <FormattedMessage id="admin.title" />
      </p>
      <nav className="admin__nav" aria-label={intl.formatMessage({ id: 'admin.nav' })}>
        <NavLink className="admin__nav-link" to="/admin/settings">
          <FormattedMessage id="admin.nav.settings" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/groups">
          <FormattedMessage id="admin.nav.groups" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/bundles">
          <FormattedMessage id="admin.nav.bundles" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/people">
          <FormattedMessage id="admin.nav.people" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/orders">
          <FormattedMessage id="admin.nav.orders" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/certificates">
          <FormattedMessage id="admin.nav.certificates" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/audit">
          <FormattedMessage id="admin.nav.audit" />
        </NavLink>
      </nav>
      {children}
    </div>
  );
}
