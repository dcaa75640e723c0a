import type { StudioDraftAnswer } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { studioKeys, studioTopicQuery } from '../api/studio-api';
import type { PageEditorHandle } from '../editor';
import type { DraftTopic } from '../lib/draft-saver';
import { displayText, untranslatedCount } from '../lib/localised';
import { studioPaths } from '../lib/studio-paths';
import { PageSettings } from '../settings/page-settings';
import { TopicSettings } from '../settings/topic-settings';
import { PageList } from '../topics/page-list';
import { PublishDialog, type ProblemLocation } from '../versions/publish-dialog';
import { VersionHistory } from '../versions/version-history';
import { ConflictView } from './conflict-view';
import { PageEditorPane } from './page-editor-pane';
import { Presence } from './presence';
import { SaveStatusLine } from './save-status';
import { StudioForbidden, StudioGate } from './studio-gate';
import { useDraft } from './use-draft';
import { useGeneralTopic } from './use-general-topic';

type Page = DraftTopic['pages'][number];

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
  const { viewer } = useSessionToken();
  const { saver, draft } = useDraft(org.alias, viewer, topicId, initial);
  const general = useGeneralTopic(topicId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<number | null>(null);
  const [target, setTarget] = useState<(ProblemLocation & { nonce: number }) | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editor = useRef<PageEditorHandle | null>(null);
  const setEditor = useCallback((handle: PageEditorHandle | null) => {
    editor.current = handle;
  }, []);
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

  /**
   * One page of the draft changed: applied to the draft as it is now (the editor sends its page
   * after a pause, or as it closes, when the author may have changed the topic meanwhile).
   */
  const editPage = useCallback(
    (pageId: string, change: (page: Page) => Page) => {
      const current = saver.getSnapshot().topic;
      if (!current.pages.some((page) => page._id === pageId)) return;
      saver.edit({
        ...current,
        pages: current.pages.map((page) => (page._id === pageId ? change(page) : page)),
      });
    },
    [saver],
  );
  const onEditorChange = useCallback(
    (page: Page) => editPage(page._id, (current) => ({ ...current, fragments: page.fragments })),
    [editPage],
  );

  /** What the editor holds goes to the autosave, then the autosave to the server. */
  const saveNow = useCallback(async () => {
    editor.current?.flush();
    await saver.flush();
  }, [saver]);

  function openPublish() {
    editor.current?.flush();
    setPublishing(true);
  }

  function openPreview(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      // Another tab: the draft goes to the server at once, the preview asks for it as it opens.
      void saveNow();
      return;
    }
    event.preventDefault();
    const to = event.currentTarget.getAttribute('href') ?? studioPaths.preview(topicId);
    void saveNow().finally(() => void navigate(to));
  }

  /** From the publish check list to the problem: its page (and block), or the topic's settings. */
  function goTo(location: ProblemLocation) {
    setPublishing(false);
    setTarget({ ...location, nonce: Date.now() });
    if (location.pageId === null) setSearch(hrefWith({ tab: 'settings' }).slice(1));
    else setSearch(hrefWith({ tab: 'pages', page: location.pageId }).slice(1));
  }

  useEffect(() => {
    if (!target || target.fragmentId !== null) return;
    const frame = requestAnimationFrame(() => {
      const where =
        target.pageId === null
          ? document.querySelector<HTMLElement>('.studio-settings input, .studio-settings textarea')
          : target.path.includes('showCondition')
            ? document.querySelector<HTMLElement>(
                `#studio-page-condition-${CSS.escape(target.pageId)} input`,
              )
            : document.getElementById('studio-page-title');
      where?.focus();
      where?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return (
    <div className="page studio studio-workspace">
      <BackLink />
      <header className="studio-workspace__header">
        <div className="studio-workspace__title">
          <h1 ref={heading} tabIndex={-1}>
            {name}
          </h1>
          <p className="studio-muted">
            {initial.publishedVersion === null && published === null ? (
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
          <Link
            className="button button--secondary"
            to={studioPaths.preview(topicId)}
            onClick={openPreview}
          >
            <FormattedMessage id="studio.preview.open" />
          </Link>
          <button
            type="button"
            className="button button--primary"
            disabled={conflict !== null}
            onClick={openPublish}
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
            onChange={(pages) => saver.edit({ ...saver.getSnapshot().topic, pages })}
            onAdded={(pageId) => setSearch(hrefWith({ tab: 'pages', page: pageId }).slice(1))}
          />
          <section className="studio-workspace__page" aria-labelledby="studio-page-title">
            {selectedPage ? (
              <>
                <h2 id="studio-page-title" tabIndex={-1}>
                  {displayText(
                    selectedPage.name,
                    locale,
                    intl.formatMessage({ id: 'studio.pages.untitled' }),
                  )}
                </h2>
                <PageSettings
                  key={`settings-${selectedPage._id}`}
                  page={selectedPage}
                  topic={topic}
                  {...(general !== undefined && { general })}
                  onChange={(page) => editPage(page._id, () => page)}
                />
                <PageEditorPane
                  // One editor per page: its undo history and selection are the page's own.
                  key={`editor-${selectedPage._id}`}
                  topicId={topicId}
                  topic={topic}
                  page={selectedPage}
                  onChange={onEditorChange}
                  onEditor={setEditor}
                  onFocused={() => setTarget(null)}
                  focusFragment={
                    target?.pageId === selectedPage._id && target.fragmentId !== null
                      ? { fragmentId: target.fragmentId, nonce: target.nonce }
                      : null
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
      {tab === 'settings' && (
        <TopicSettings
          topic={topic}
          onChange={(update) => saver.edit(update(saver.getSnapshot().topic))}
        />
      )}
      {tab === 'history' && <VersionHistory topicId={topicId} saver={saver} draft={topic} />}
      {publishing && (
        <PublishDialog
          topicId={topicId}
          saver={saver}
          general={general}
          onGoTo={goTo}
          onClose={() => setPublishing(false)}
          onPublished={(version) => {
            setPublished(version);
            queryClient.setQueryData(
              studioKeys.topic(org.alias, viewer, topicId),
              (old: StudioDraftAnswer | undefined) => old && { ...old, publishedVersion: version },
            );
            setPublishing(false);
          }}
        />
      )}
    </div>
  );
}
