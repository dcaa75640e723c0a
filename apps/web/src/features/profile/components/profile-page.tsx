import { accountUpdateSchema, type AccountUpdate, type AccountView } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { NoticeBox } from '../../../components/message-box';
import { updateAccount } from '../../../lib/api/account';
import type { MyCertificatesComponent } from '../../../lib/certificates-slot';
import type { ProfileSectionComponent } from '../../../lib/profile-sections';
import { issueMessage } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { InlineEditField } from './inline-edit-field';
import { ProfileImageUploader } from './profile-image-uploader';
import { YourDataSection } from './your-data-section';

interface EditableField {
  key: 'first' | 'last' | 'phone' | 'company' | 'employeeId';
  label:
    | 'profile.field.first'
    | 'profile.field.last'
    | 'profile.field.phone'
    | 'profile.field.company'
    | 'profile.field.employeeId';
  read: (account: AccountView) => string;
  update: (value: string) => AccountUpdate;
  autoComplete?: string;
  type?: 'text' | 'tel';
}

/** The editable fields of the profile page; each save sends only its own part. */
const FIELDS: readonly EditableField[] = [
  {
    key: 'first',
    label: 'profile.field.first',
    read: (a) => a.name.first,
    update: (first) => ({ name: { first } }),
    autoComplete: 'given-name',
  },
  {
    key: 'last',
    label: 'profile.field.last',
    read: (a) => a.name.last,
    update: (last) => ({ name: { last } }),
    autoComplete: 'family-name',
  },
  {
    key: 'phone',
    label: 'profile.field.phone',
    read: (a) => a.phone,
    update: (phone) => ({ phone }),
    autoComplete: 'tel',
    type: 'tel',
  },
  {
    key: 'company',
    label: 'profile.field.company',
    read: (a) => a.company,
    update: (company) => ({ company }),
    autoComplete: 'organization',
  },
  {
    key: 'employeeId',
    label: 'profile.field.employeeId',
    read: (a) => a.employeeId,
    update: (employeeId) => ({ employeeId }),
    autoComplete: 'off',
  },
];

/** /account: title, picture, and the inline-edited details. */
export function ProfilePage({
  certificates: Certificates,
  notifications: Notifications,
}: { certificates?: MyCertificatesComponent; notifications?: ProfileSectionComponent } = {}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'profile.title' });
  useDocumentTitle(title);
  const { org, locale } = useOrganisation();
  const { account, setAccount } = useSession();
  const ids = {
    picture: useId(),
    details: useId(),
    account: useId(),
    password: useId(),
    email: useId(),
    certificates: useId(),
    notifications: useId(),
    data: useId(),
  };

  if (!account) {
    return (
      <div className="page page--narrow profile-page">
        <h1>{title}</h1>
        <NoticeBox>
          <p>
            <FormattedMessage id="profile.signInRequired" />
          </p>
          <p>
            <Link
              className="button button--primary"
              to={`${paths.signin}?returnTo=${encodeURIComponent(paths.account)}`}
            >
              <FormattedMessage id="auth.loginLink" />
            </Link>
          </p>
        </NoticeBox>
      </div>
    );
  }

  /** Names (and every other field) are trimmed, then checked with the server's own schema. */
  const saver = (field: EditableField) => async (value: string) => {
    const update = field.update(value.trim());
    const checked = accountUpdateSchema.safeParse(update);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      // The phone rule says what a phone number looks like, in the learner's words.
      if (issue?.path[0] === 'phone' && issue.code === 'custom')
        throw new Error(intl.formatMessage({ id: 'profile.phoneInvalid' }));
      throw new Error(issue ? issueMessage(issue, intl) : undefined);
    }
    const next = await updateAccount(org.alias, locale, checked.data);
    setAccount(next);
    return field.read(next);
  };

  return (
    <div className="page profile-page">
      <h1>{title}</h1>
      <div className="profile-page__layout">
        <section className="profile-page__section surface-card" aria-labelledby={ids.picture}>
          <h2 id={ids.picture}>
            <FormattedMessage id="profile.picture" />
          </h2>
          <ProfileImageUploader account={account} onChange={setAccount} />
        </section>
        <section className="profile-page__section surface-card" aria-labelledby={ids.details}>
          <h2 id={ids.details}>
            <FormattedMessage id="profile.details" />
          </h2>
          <div className="profile-page__fields">
            {FIELDS.map((field) => (
              <InlineEditField
                key={field.key}
                label={intl.formatMessage({ id: field.label })}
                original={field.read(account)}
                onSave={saver(field)}
                autoComplete={field.autoComplete}
                type={field.type}
              />
            ))}
          </div>
        </section>
        <section className="profile-page__section surface-card" aria-labelledby={ids.account}>
          <h2 id={ids.account}>
            <FormattedMessage id="profile.account" />
          </h2>
          <dl className="profile-page__facts">
            <dt>
              <FormattedMessage id="profile.username" />
            </dt>
            <dd>{account.user.id.username}</dd>
            <dt>
              <FormattedMessage id="profile.email" />
            </dt>
            <dd>{account.user.id.email}</dd>
          </dl>
          {account.userGroups.some((group) => !group.isAdmin) && (
            <p className="profile-page__privacy">
              <FormattedMessage
                id={
                  org.constraints.adminsSeeAnswers
                    ? 'profile.groupVisibilityAnswers'
                    : 'profile.groupVisibility'
                }
              />
            </p>
          )}
        </section>
        <section className="profile-page__section surface-card" aria-labelledby={ids.password}>
          <h2 id={ids.password}>
            <FormattedMessage id="profile.password.title" />
          </h2>
          <ChangePasswordForm account={account} />
        </section>
        <section className="profile-page__section surface-card" aria-labelledby={ids.email}>
          <h2 id={ids.email}>
            <FormattedMessage id="profile.email.title" />
          </h2>
          <ChangeEmailForm account={account} />
        </section>
        {Certificates && (
          <section
            className="profile-page__section surface-card"
            aria-labelledby={ids.certificates}
          >
            <Certificates headingId={ids.certificates} />
          </section>
        )}
        {Notifications && (
          <section
            className="profile-page__section surface-card"
            aria-labelledby={ids.notifications}
          >
            <Notifications headingId={ids.notifications} />
          </section>
        )}
        <section className="profile-page__section surface-card" aria-labelledby={ids.data}>
          <YourDataSection headingId={ids.data} />
        </section>
      </div>
    </div>
  );
}
