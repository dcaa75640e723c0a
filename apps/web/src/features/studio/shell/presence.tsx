import { useQuery } from '@tanstack/react-query';
import { FormattedList, FormattedMessage } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { studioPresenceQuery } from '../api/studio-api';

/** "Also editing: …": the heartbeat every 15 s says who else has this topic open. */
export function Presence({ topicId }: { topicId: string }) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const { data } = useQuery(studioPresenceQuery(org.alias, viewer, topicId));
  const editors = data?.editors ?? [];
  return (
    <p className="studio-presence" role="status">
      {editors.length > 0 && (
        <FormattedMessage
          id="studio.presence.others"
          values={{
            names: <FormattedList type="conjunction" value={editors.map((each) => each.name)} />,
          }}
        />
      )}
    </p>
  );
}
