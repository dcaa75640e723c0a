import type { GroupMembersAnswer } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import type { SeatsAndInvitationsComponent } from '../../../lib/invitations-slot';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { groupKeys, membersQuery, type MembersParams } from '../api/groups';
import { CohortsSection } from './cohorts-section';
import { MembersSection } from './members-section';

const PAGE_SIZE = 100;

/**
 * /group/{groupId}: a group's page for its administrators (docs/design.md §9, §12), the one seat
 * screen: its seats and invitations (features/invitations, given by the routes), the cohorts
 * under it (for the group's own administrators, with a picker), and its members with their
 * progress per topic. A cohort's page says which group it belongs to.
 */
export function GroupPage({ invitations }: { invitations?: SeatsAndInvitationsComponent }) {
  const intl = useIntl();
  const { groupId = '' } = useParams();
  const { account } = useSession();
  const group = account?.userGroups.find((g) => g._id === groupId);
  useDocumentTitle(group?.name ?? intl.formatMessage({ id: 'groups.title' }));

  if (!account) {
    return (
      <div className="page page--narrow group-page">
        <h1>
          <FormattedMessage id="groups.title" />
        </h1>
        <NoticeBox>
          <p>
            <FormattedMessage id="groups.signInRequired" />
          </p>
          <p>
            <Link
              className="button button--primary"
              to={`${paths.signin}?returnTo=${encodeURIComponent(paths.group(groupId))}`}
            >
              <FormattedMessage id="auth.loginLink" />
            </Link>
          </p>
        </NoticeBox>
      </div>
    );
  }
  // A new page per group: the table's sort, filter and page start afresh.
  return <GroupAdmin key={groupId} groupId={groupId} Invitations={invitations} />;
}

function GroupAdmin({
  groupId,
  Invitations,
}: {
  groupId: string;
  Invitations: SeatsAndInvitationsComponent | undefined;
}) {
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [params, setParams] = useState<MembersParams>({
    offset: 0,
    limit: PAGE_SIZE,
    sort: 'name',
    order: 'asc',
    q: '',
  });
  const result = useQuery(membersQuery(org.alias, groupId, viewer, params, locale));
  // An invitation sent or revoked changes the seats and, once used, the members.
  const invitationsChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.all(org.alias, groupId, viewer) });
  }, [queryClient, org.alias, groupId, viewer]);

  if (result.isPending) {
    return (
      <div className="page group-page">
        <Spinner label={<FormattedMessage id="groups.loading" />} />
      </div>
    );
  }
  if (result.isError && !result.data) {
    return (
      <div className="page page--narrow group-page">
        <h1>
          <FormattedMessage id="groups.title" />
        </h1>
        <ErrorBox>
          <p>
            <FormattedMessage id="groups.loadError" />
          </p>
          <p>{toMessage(result.error)}</p>
        </ErrorBox>
        <button type="button" className="button" onClick={() => void result.refetch()}>
          <FormattedMessage id="groups.retry" />
        </button>
      </div>
    );
  }
  const data = result.data!;
  return (
    <div className="page group-page">
      <GroupHeading data={data} />
      <p className="group-page__intro">
        <FormattedMessage id={data.answersVisible ? 'groups.introAnswers' : 'groups.intro'} />
      </p>
      {data.cohorts.length > 0 && <CohortsSection group={data.group} cohorts={data.cohorts} />}
      {Invitations && <Invitations groupId={groupId} onChanged={invitationsChanged} />}
      <MembersSection
        groupId={groupId}
        data={data}
        params={params}
        onParams={setParams}
        isFetching={result.isFetching}
        refreshError={result.isError ? toMessage(result.error) : undefined}
      />
    </div>
  );
}

/** The group's name; a cohort's page names its group, a link for those who administer it. */
function GroupHeading({ data }: { data: GroupMembersAnswer }) {
  const { account } = useSession();
  const parent = data.group.parent;
  const administersParent =
    parent !== null &&
    (account?.userGroups.some((g) => g._id === parent._id && g.isAdmin) ?? false);
  return (
    <>
      {parent && (
        <p className="group-page__parent">
          {administersParent ? (
            <Link className="back-link" to={paths.group(parent._id)}>
              <span aria-hidden="true">←</span>{' '}
              <FormattedMessage id="groups.cohortOf" values={{ group: parent.name }} />
            </Link>
          ) : (
            <FormattedMessage id="groups.cohortOf" values={{ group: parent.name }} />
          )}
        </p>
      )}
      <h1 className="group-page__title">{data.group.name}</h1>
    </>
  );
}
