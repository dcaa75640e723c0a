import type { GroupMembersAnswer } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { membersQuery, type MembersParams } from '../api/groups';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';

const PAGE_SIZE = 100;

/**
 * /group/{groupId}: a group's page for its administrators (docs/design.md §12): its seats, its
 * invitations and invite form, and its members with their progress per topic.
 */
export function GroupPage() {
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
  return <GroupAdmin groupId={groupId} />;
}

function GroupAdmin({ groupId }: { groupId: string }) {
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const [params, setParams] = useState<MembersParams>({
    offset: 0,
    limit: PAGE_SIZE,
    sort: 'name',
    order: 'asc',
    q: '',
  });
  const result = useQuery(membersQuery(org.alias, groupId, viewer, params, locale));

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
      <h1 className="group-page__title">{data.group.name}</h1>
      <p className="group-page__intro">
        <FormattedMessage id={data.answersVisible ? 'groups.introAnswers' : 'groups.intro'} />
      </p>
      <SeatsSummary data={data} />
      <InvitationsSection groupId={groupId} data={data} />
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

function SeatsSummary({ data }: { data: GroupMembersAnswer }) {
  const headingId = useId();
  const { bought, used } = data.seats;
  const free = Math.max(0, bought - used);
  return (
    <section className="group-section surface-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="groups.seats.title" />
      </h2>
      <dl className="group-seats">
        <div className="group-seats__item">
          <dt>
            <FormattedMessage id="groups.seats.bought" />
          </dt>
          <dd>{bought}</dd>
        </div>
        <div className="group-seats__item">
          <dt>
            <FormattedMessage id="groups.seats.used" />
          </dt>
          <dd>{used}</dd>
        </div>
        <div className="group-seats__item group-seats__item--free">
          <dt>
            <FormattedMessage id="groups.seats.free" />
          </dt>
          <dd>{free}</dd>
        </div>
      </dl>
    </section>
  );
}
