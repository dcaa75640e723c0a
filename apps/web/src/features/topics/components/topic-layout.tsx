import '../topics.css';
import type { TopicView } from '@portal/domain';
import { useServerPage } from '../../../lib/server-page';
import { useQuery } from '@tanstack/react-query';
import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { ScreenSkeleton } from '../../../components/page-skeleton';
import { useOrganisation } from '../../../lib/organisation';
import { flashOf } from '../../../lib/flash';
import { setPageSelection } from '../../../lib/selection';
import { useSessionToken } from '../../../lib/session/session-token';
import { useTopicSource, type TopicOutletContext } from '../../../lib/topic-outlet';
import { useTopicWorkbook, useWorkbookFeature, type WorkbookFeature } from '../../../lib/workbook';
import {
  currentEntryOf,
  pageTurns,
  topicEntries,
  type FlipDirection,
  type TopicEntry,
} from '../lib/topic-entries';
import { progressOf } from '../lib/progress';
import { PageTurns } from './page-turns';
import { WelcomeBack } from './welcome-back';
import { TopicSidebar } from './topic-sidebar';
import { TopicProblem, TopicLoading } from './topic-status';
import { TopicSubheader } from './topic-subheader';

/**
 * The layout of every /topic/{id}/… screen: loads the topic, then shows the subheader, the
 * sidebar, the screen and the previous and next buttons, inside the topic's workbook (its
 * answers decide which pages show). An unknown topic, page or group is the not-found page; a
 * private topic asks to sign in (401) or says no access (403).
 */
export function TopicLayout() {
  const { topicId = '' } = useParams();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const source = useTopicSource();
  const result = useQuery({
    ...source.topic(org.alias, topicId, locale, viewer),
    // A change of language keeps the topic on screen while it reloads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === topicId && previousQuery.queryKey[4] === viewer
        ? previous
        : undefined,
  });

  const { TopicScope } = useWorkbookFeature();
  if (result.isPending) return <TopicLoading />;
  if (result.isError)
    return (
      <TopicProblem error={result.error} onRetry={() => void result.refetch()} topicId={topicId} />
    );
  // The topic's answers (features/workbook, through lib/workbook.ts) for everything below.
  return (
    <TopicScope topicId={topicId} topic={result.data}>
      <TopicFrame topicId={topicId} topic={result.data} />
    </TopicScope>
  );
}

function TopicFrame({ topicId, topic }: { topicId: string; topic: TopicView }) {
  const { pathname } = useLocation();
  const { pageId, topicGroupId } = useParams();
  const { org } = useOrganisation();
  const { isShown, history } = useTopicWorkbook();
  const { paths } = useTopicSource();
  // Pages hidden by their show condition drop out of the sidebar and of previous and next, as
  // the answers change.
  const pages = useMemo(() => topic.pages.filter(isShown), [topic, isShown]);
  const entries = useMemo(
    () => topicEntries(paths, topicId, topic, pages),
    [paths, topicId, topic, pages],
  );
  const current = currentEntryOf(paths, topicId, pathname, pageId);
  const entry = entries.find((candidate) => candidate.id === current);
  const isKnownGroup =
    topicGroupId === undefined || org.topicGroups.some((group) => group._id === topicGroupId);
  // A page the learner cannot see, where the saved history points, clears the history and goes
  // to "/" (docs/product-spec.md §4): one the topic no longer has, or one its show condition now
  // hides (issue 24, point 9), which is missing from `pages` all the same.
  const isStaleHistory =
    !entry && pageId !== undefined && history?.topicId === topicId && history.pageId === pageId;

  if (isStaleHistory) return <LeaveStaleHistory />;
  if (!entry || !isKnownGroup) return <NotFoundPage />;
  return (
    <TopicShell topicId={topicId} topic={topic} pages={pages} entries={entries} entry={entry} />
  );
}

function LeaveStaleHistory() {
  const { clearHistory } = useTopicWorkbook();
  const { paths } = useTopicSource();
  const navigate = useNavigate();
  useEffect(() => {
    clearHistory();
    void navigate(paths.home, { replace: true });
  }, [clearHistory, navigate, paths.home]);
  return <TopicLoading />;
}

/** The worksheet selector, for a topic with several worksheets (never the general topic). */
function worksheetSelectorOf(feature: WorkbookFeature, topic: TopicView) {
  if (!topic.allowMultiWorksheets || topic.isGeneral) return null;
  return <feature.WorksheetSelector />;
}

function isFlip(value: unknown): value is FlipDirection {
  return value === 'next' || value === 'previous';
}

interface TopicShellProps extends TopicOutletContext {
  entries: readonly TopicEntry[];
  entry: TopicEntry;
}

/** Tells its parent, before the browser paints, that the content above it has rendered. */
function Rendered({ onRendered }: { onRendered: () => void }) {
  useLayoutEffect(onRendered, [onRendered]);
  return null;
}

function TopicShell({ topicId, topic, pages, entries, entry }: TopicShellProps) {
  const { pathname, state } = useLocation();
  // Previous / Next wait for the page's content: drawn under a short loading placeholder, they
  // would be pushed down when a slow page's code arrives (a layout shift of 0.057 at 1366×900).
  // A page drawn on the server has its content from the start (lib/server-page.ts).
  const { isDrawnOnServer } = useServerPage();
  const [renderedPath, setRenderedPath] = useState<string | null>(() =>
    isDrawnOnServer ? pathname : null,
  );
  const onRendered = useCallback(() => setRenderedPath(pathname), [pathname]);
  // The links that turn pages say which way (sidebar entries and previous/next buttons).
  const requested = (state as { flip?: unknown } | null)?.flip;
  const flip = isFlip(requested) ? requested : null;
  const { paths } = useTopicSource();
  const turns = pageTurns(paths, topicId, topic, pages, entry.id);
  const feature = useWorkbookFeature();
  const workbook = useTopicWorkbook();
  const progress = progressOf(
    pages.map((page) => page._id),
    workbook.completedPages,
  );
  const context = useMemo<TopicOutletContext>(
    () => ({ topicId, topic, pages }),
    [topicId, topic, pages],
  );

  useEffect(() => {
    setPageSelection({ topicId, topicName: topic.name, pageName: entry.pageName });
  }, [topicId, topic.name, entry.pageName]);

  // After a page turn (Next, Previous, the page list), focus lands on the new screen's heading:
  // the next Tab is its first link or field, and a screen reader reads where it is.
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!flip) return;
    return focusHeadingOnceShown(contentRef);
  }, [pathname, flip]);

  return (
    <div className="topic-layout">
      <TopicSubheader topicId={topicId} topicName={topic.name} entry={entry} />
      <div className="topic-layout__body">
        <TopicSidebar
          topicName={topic.name}
          entries={entries}
          current={entry.id}
          completed={workbook.completedPages}
          worksheets={worksheetSelectorOf(feature, topic)}
          progress={progress}
        />
        <div className="topic-layout__main">
          {flashOf(state) === 'resumed' && (
            <WelcomeBack
              key={pathname}
              topicName={topic.name}
              pageName={entry.pageName ?? topic.name}
            />
          )}
          <div
            key={pathname}
            ref={contentRef}
            className={`topic-layout__content page-flip${flip ? ` page-flip--${flip}` : ''}${
              entry.kind === 'home' ? ' topic-layout__content--home' : ''
            }`}
          >
            <Suspense fallback={<ScreenSkeleton />}>
              <Outlet context={context} />
              <Rendered onRendered={onRendered} />
            </Suspense>
          </div>
          <div className="topic-layout__status">
            <feature.SaveStatus />
          </div>
          {renderedPath === pathname && (
            <PageTurns
              previous={turns.previous}
              next={turns.next}
              isQuiet={entry.kind === 'home'}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Focuses the first heading of `container` once it is there (a screen's code may still be
 * loading): tabindex -1 makes it focusable by script only. Returns the cancel.
 */
function focusHeadingOnceShown(container: RefObject<HTMLElement | null>): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const heading = container.current?.querySelector<HTMLElement>('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return;
    }
    // About five seconds at 60 frames a second.
    if ((tries += 1) < 300) frame = requestAnimationFrame(attempt);
  };
  // From the next frame: the app moves focus to <main> after every navigation first.
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
