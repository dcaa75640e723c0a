import type { StudioDraftAnswer } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { studioTopicQuery } from '../api/studio-api';
import { displayText, untranslatedCount } from '../lib/localised';
import { PageSettings } from '../settings/page-settings';
import { TopicSettings } from '../settings/topic-settings';
import { PageList } from '../topics/page-list';
import { PublishDialog } from '../versions/publish-dialog';
import { VersionHistory } from '../versions/version-history';
import { ConflictView } from './conflict-view';
import { PageEditorSlot } from './page-editor-slot';
import { Presence } from './presence';
import { SaveStatusLine } from './save-status';
import { StudioForbidden, StudioGate } from './studio-gate';
import { useDraft } from './use-draft';

/** /studio/topic/{topicId}: one topic's workspace. */
export function StudioTopic() {
  const { topicId = '' } = useParams();
  return (
    <StudioGate>
      <DraftLoader key={topicId} topicId={topicId} />
    </StudioGate>
  );
}

function DraftLoader({ topicId }: { topicId: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const result = useQuery(studioTopicQuery(org.alias, viewer, topicId));
  useDocumentTitle(intl.formatMessage({ id: 'studio.title' }));
  if (result.isPending)
    return (
      <div className="page studio">
        <Spinner label={<FormattedMessage id="studio.topic.loading" />} />
      </div>
    );
  if (isApiError(result.error, 403)) return <StudioForbidden />;
  if (result.isError)
    return (
      <div className="page page--narrow studio">
        <BackLink />
        <h1>
          <FormattedMessage id="studio.topic.loadErrorTitle" />
        </h1>
        <ErrorBox>
          <p>{toMessage(result.error)}</p>
        </ErrorBox>
        {!isApiError(result.error, 404) && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void result.refetch()}
          >
            <FormattedMessage id="studio.retry" />
          </button>
        )}
      </div>
    );
  return <TopicWorkspace topicId={topicId} initial={result.data} />;
}

function BackLink() {
  return (
    <p className="studio-back">
      <Link className="back-link" to={paths.studio}>
        <span aria-hidden="true">←</span> <FormattedMessage id="studio.topic.back" />
      </Link>
    </p>
  );
}

const TABS = ['pages', 'settings', 'history'] as const;
type Tab = (typeof TABS)[number];
const TAB_MESSAGES = {
  pages: 'studio.tab.pages',
  settings: 'studio.tab.settings',
  history: 'studio.tab.history',
} as const satisfies Record<Tab, string>;

function TopicWorkspace({ topicId, initial }: { topicId: string; initial: StudioDraftAnswer }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { saver, draft } = useDraft(org.alias, topicId, initial);
  const [search, setSearch] = useSearchParams();
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const topic = draft.topic;
  const name = displayText(topic.name, locale, topic._id);
  useDocumentTitle(`${name} · ${intl.formatMessage({ id: 'studio.title' })}`);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const tabParam = search.get('tab');
  const tab: Tab = TABS.find((each) => each === tabParam) ?? 'pages';
  const selectedPage =
    topic.pages.find((page) => page._id === search.get('page')) ?? topic.pages[0];
  const hrefWith = (values: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(values)) next.set(key, value);
    return `?${next.toString()}`;
  };
  const untranslated = untranslatedCount(topic, org.locales);
  const conflict = draft.status.kind === 'conflict' ? draft.status.theirs : null;

  return (
    <div className="page studio studio-workspace">
      <BackLink />
      <header className="studio-workspace__header">
        <div className="studio-workspace__title">
          <h1 ref={heading} tabIndex={-1}>
            {name}
          </h1>
          <p className="studio-muted">
            {initial.publishedVersion === null ? (
              <FormattedMessage id="studio.topics.notPublished" />
            ) : (
              <FormattedMessage
                id="studio.topics.publishedVersion"
                values={{ version: published ?? initial.publishedVersion }}
              />
            )}
            {' · '}
            <FormattedMessage id="studio.translation.count" values={{ count: untranslated }} />
          </p>
        </div>
        <div className="studio-workspace__status">
          <SaveStatusLine status={draft.status} />
          <Presence topicId={topicId} />
        </div>
        <div className="studio-workspace__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={conflict !== null}
            onClick={() => setPublishing(true)}
          >
            <FormattedMessage id="studio.publish.open" />
          </button>
        </div>
      </header>
      {published !== null && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="studio.publish.done" values={{ version: published }} />
          </p>
        </NoticeBox>
      )}
      {conflict && (
        <ConflictView
          mine={topic}
          theirs={conflict}
          onKeepMine={() => saver.keepMine()}
          onTakeTheirs={() => saver.takeTheirs()}
        />
      )}
      <nav className="studio-tabs" aria-label={intl.formatMessage({ id: 'studio.tab.label' })}>
        {TABS.map((each) => (
          <Link
            key={each}
            className="studio-tabs__tab"
            to={hrefWith({ tab: each })}
            aria-current={each === tab ? 'page' : undefined}
            replace
          >
            <FormattedMessage id={TAB_MESSAGES[each]} />
          </Link>
        ))}
      </nav>
      {tab === 'pages' && (
        <div className="studio-workspace__pages">
          <PageList
            topic={topic}
            selectedPageId={selectedPage?._id}
            pageHref={(pageId) => hrefWith({ tab: 'pages', page: pageId })}
            onChange={(pages) => saver.edit({ ...topic, pages })}
            onAdded={(pageId) => setSearch(hrefWith({ tab: 'pages', page: pageId }).slice(1))}
          />
          <section className="studio-workspace__page" aria-labelledby="studio-page-title">
            {selectedPage ? (
              <>
                <h2 id="studio-page-title">
                  {displayText(
                    selectedPage.name,
                    locale,
                    intl.formatMessage({ id: 'studio.pages.untitled' }),
                  )}
                </h2>
                <PageSettings
                  key={selectedPage._id}
                  page={selectedPage}
                  onChange={(page) =>
                    saver.edit({
                      ...topic,
                      pages: topic.pages.map((each) => (each._id === page._id ? page : each)),
                    })
                  }
                />
                <PageEditorSlot
                  page={selectedPage}
                  locale={locale}
                  locales={org.locales}
                  onChange={(page) =>
                    saver.edit({
                      ...topic,
                      pages: topic.pages.map((each) => (each._id === page._id ? page : each)),
                    })
                  }
                />
              </>
            ) : (
              <h2 id="studio-page-title" className="studio-empty">
                <FormattedMessage id="studio.pages.none" />
              </h2>
            )}
          </section>
        </div>
      )}
      {tab === 'settings' && <TopicSettings topic={topic} onChange={(next) => saver.edit(next)} />}
      {tab === 'history' && <VersionHistory topicId={topicId} saver={saver} draft={topic} />}
      {publishing && (
        <PublishDialog
          topicId={topicId}
          saver={saver}
          onClose={() => setPublishing(false)}
          onPublished={(version) => {
            setPublished(version);
            setPublishing(false);
          }}
        />
      )}
    </div>
  );
}
