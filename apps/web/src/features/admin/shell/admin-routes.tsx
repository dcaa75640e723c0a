import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { AuditLog } from '../audit/audit-log';
import { PeopleImport } from '../people/people-import';
import { PeoplePage } from '../people/people-page';
import { AdminGate } from './admin-gate';
import '../admin.css';

/** The console's screens under /admin (app/routes.tsx gives it /admin/*), behind its door. */
export function AdminRoutes() {
  return (
    <AdminGate>
      <AdminLayout>
        <Routes>
          <Route index element={<Navigate to="audit" replace />} />
          <Route path="people" element={<PeoplePage />} />
          <Route path="people/import" element={<PeopleImport />} />
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
        <NavLink className="admin__nav-link" to="/admin/people">
          <FormattedMessage id="admin.nav.people" />
        </NavLink>
        <NavLink className="admin__nav-link" to="/admin/audit">
          <FormattedMessage id="admin.nav.audit" />
        </NavLink>
      </nav>
      {children}
    </div>
  );
}
