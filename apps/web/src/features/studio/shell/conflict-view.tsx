import type { StudioSavedAnswer } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import type { DraftTopic } from '../lib/draft-saver';
import { textDifferences } from './text-differences';

interface ConflictViewProps {
  mine: DraftTopic;
  theirs: StudioSavedAnswer;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * A save answered 409: someone saved the topic meanwhile. Nothing of the author's is lost: both
 * versions are shown text by text, and the author chooses (theirs goes on top of the other
 * version, or the other version replaces theirs). Until then nothing is saved.
 */
export function ConflictView({ mine, theirs, onKeepMine, onTakeTheirs }: ConflictViewProps) {
  const { locale } = useOrganisation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const differences = textDifferences(mine, theirs.topic, locale);
  return (
    <section className="studio-conflict" aria-labelledby="studio-conflict-title">
      <h2 id="studio-conflict-title" ref={heading} tabIndex={-1}>
        <FormattedMessage id="studio.conflict.title" />
      </h2>
      <p>
        <FormattedMessage id="studio.conflict.body" values={{ version: theirs.version }} />
      </p>
      {differences.length === 0 ? (
        <p>
          <FormattedMessage id="studio.conflict.noTextDifference" />
        </p>
      ) : (
        <table className="studio-conflict__table">
          <caption className="visually-hidden">
            <FormattedMessage id="studio.conflict.caption" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="studio.conflict.where" />
              </th>
              <th scope="col">
                <FormattedMessage id="studio.conflict.mine" />
              </th>
              <th scope="col">
                <FormattedMessage id="studio.conflict.theirs" />
              </th>
            </tr>
          </thead>
          <tbody>
            {differences.map((difference) => (
              <tr key={difference.key}>
                <th scope="row">
                  {difference.page ?? <FormattedMessage id="studio.conflict.topic" />}
                </th>
                <td className="studio-conflict__text">{difference.mine || '—'}</td>
                <td className="studio-conflict__text">{difference.theirs || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="studio-dialog__actions">
        <button type="button" className="button button--primary" onClick={onKeepMine}>
          <FormattedMessage id="studio.conflict.keepMine" />
        </button>
        <button type="button" className="button button--secondary" onClick={onTakeTheirs}>
          <FormattedMessage id="studio.conflict.takeTheirs" />
        </button>
      </div>
    </section>
  );
}
