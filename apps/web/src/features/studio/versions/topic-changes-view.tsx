import { describeTopicChanges, type TopicChange } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import type { DraftTopic } from '../lib/draft-saver';
import { languageName } from '../lib/localised';

/** What the draft changes from a published version, one change a line, texts word by word. */
export function TopicChanges({
  before,
  after,
  version,
}: {
  before: DraftTopic;
  after: DraftTopic;
  version: number;
}) {
  const { locale } = useOrganisation();
  const changes = describeTopicChanges(before, after, locale);
  return (
    <div className="studio-changes">
      <h3 className="studio-changes__title">
        <FormattedMessage id="studio.changes.title" values={{ version }} />
      </h3>
      {changes.length === 0 ? (
        <p>
          <FormattedMessage id="studio.changes.none" />
        </p>
      ) : (
        <ul>
          {changes.map((change, index) => (
            <li key={index} className="studio-change">
              <ChangeLine change={change} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A value before or after, when it reads as one (a type, a visibility, a number). */
const simple = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : null;

function ChangeLine({ change }: { change: TopicChange }) {
  const intl = useIntl();
  const { locale } = useOrganisation();
  const untitled = intl.formatMessage({ id: 'studio.pages.untitled' });
  const page = change.pageName?.trim() || untitled;
  const block =
    change.fragmentType === undefined
      ? ''
      : intl.formatMessage(
          { id: `studio.changes.blockType.${change.fragmentType}` },
          { name: change.fragmentName?.trim() || change.fragmentId || '' },
        );
  const property =
    change.property === undefined
      ? ''
      : intl.formatMessage({ id: `studio.changes.property.${change.property}` });
  const position = (index: number | undefined) => (index ?? 0) + 1;
  let title: string;
  switch (change.kind) {
    case 'topicChanged':
      title = intl.formatMessage({ id: 'studio.changes.topic' }, { property });
      break;
    case 'pageAdded':
    case 'pageRemoved':
    case 'pageRenamed':
      title = intl.formatMessage({ id: `studio.changes.${change.kind}` }, { page });
      break;
    case 'pageMoved':
      title = intl.formatMessage(
        { id: 'studio.changes.pageMoved' },
        { page, from: position(change.fromIndex), to: position(change.toIndex) },
      );
      break;
    case 'pageChanged':
      title = intl.formatMessage({ id: 'studio.changes.pageChanged' }, { page, property });
      break;
    case 'fragmentAdded':
    case 'fragmentRemoved':
      title = intl.formatMessage({ id: `studio.changes.${change.kind}` }, { page, block });
      break;
    case 'fragmentMoved':
      title =
        change.fromPageId !== undefined
          ? intl.formatMessage(
              { id: 'studio.changes.fragmentMovedFrom' },
              { page, block, fromPage: change.fromPageName?.trim() || untitled },
            )
          : intl.formatMessage(
              { id: 'studio.changes.fragmentMoved' },
              { page, block, from: position(change.fromIndex), to: position(change.toIndex) },
            );
      break;
    case 'fragmentChanged':
      title = intl.formatMessage(
        { id: 'studio.changes.fragmentChanged' },
        { page, block, property },
      );
      break;
  }
  const from = simple(change.from);
  const to = simple(change.to);
  return (
    <>
      <span className="studio-change__title">
        {title}
        {change.locale !== undefined && (
          <>
            {' '}
            <FormattedMessage
              id="studio.changes.inLocale"
              values={{ language: languageName(change.locale, locale) }}
            />
          </>
        )}
      </span>
      {change.isFormattingOnly ? (
        <span className="studio-change__detail">
          <FormattedMessage id="studio.changes.formattingOnly" />
        </span>
      ) : change.words ? (
        <span className="studio-change__detail studio-words" lang={change.locale}>
          {change.words.map((word, index) =>
            word.change === 'added' ? (
              <ins key={index}>
                <span className="visually-hidden">
                  <FormattedMessage id="studio.changes.added" />
                </span>
                {word.text}
              </ins>
            ) : word.change === 'removed' ? (
              <del key={index}>
                <span className="visually-hidden">
                  <FormattedMessage id="studio.changes.removed" />
                </span>
                {word.text}
              </del>
            ) : (
              <span key={index}>{word.text}</span>
            ),
          )}
        </span>
      ) : null}
      {change.property === 'entries' && (change.added?.length || change.removed?.length) ? (
        <span className="studio-change__detail">
          {change.added?.length ? (
            <FormattedMessage
              id="studio.changes.entriesAdded"
              values={{ entries: intl.formatList(change.added) }}
            />
          ) : null}{' '}
          {change.removed?.length ? (
            <FormattedMessage
              id="studio.changes.entriesRemoved"
              values={{ entries: intl.formatList(change.removed) }}
            />
          ) : null}
        </span>
      ) : from !== null && to !== null ? (
        <span className="studio-change__detail">
          <FormattedMessage id="studio.changes.fromTo" values={{ from, to }} />
        </span>
      ) : null}
    </>
  );
}
