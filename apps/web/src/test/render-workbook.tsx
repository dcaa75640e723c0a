import { emptyWorkbook, type AccountView, type TopicView, type Workbook } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactElement } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { WorkbookBoundary } from '../app/workbook-boundary';
import { workbookKeys } from '../lib/api/workbook';
import { MessagesPanelProvider } from '../lib/messages-panel';
import { SessionContext } from '../lib/session/session-context';
import { SessionTokenProvider } from '../lib/session/session-token';
import { viewerKey } from '../lib/session/token-store';
import type { TopicOutletContext } from '../lib/topic-outlet';
import { useWorkbookFeature } from '../lib/workbook';
import { renderWithOrganisation } from './render';
import { VISITOR_SESSION } from './render-session';
import { sampleOrganisation } from './sample-organisation';

/** The token of the signed-in learner in these tests. */
export const LEARNER_TOKEN = 'learner-token';

type Options = Parameters<typeof renderWithOrganisation>[1] & {
  /** A signed-in learner (their token is stored); a visitor without it. */
  account?: AccountView;
  /** A learner's workbook, as the session loaded it; a visitor's is the one kept in the browser. */
  workbook?: Workbook;
};

/**
 * Renders `ui` as the app renders the screens that read the learner's answers: below the
 * organisation, the sign-in token and the session, inside the app's workbook boundary
 * (app/workbook-boundary.tsx: the workbook feature and its fields). A learner's saves and
 * scores go to the API (stub `fetch` with test/fake-api.ts); a visitor's answers stay in
 * localStorage.
 */
export function renderWithWorkbook(ui: ReactElement, options: Options = {}) {
  const { account, workbook = emptyWorkbook(), ...rest } = options;
  const alias = (rest.org ?? sampleOrganisation()).alias;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (account) {
    window.localStorage.setItem('token', LEARNER_TOKEN);
    queryClient.setQueryData(workbookKeys.detail(alias, viewerKey(LEARNER_TOKEN)), workbook);
  }
  const session = account ? { ...VISITOR_SESSION, account, isSignedIn: true } : VISITOR_SESSION;
  const view = renderWithOrganisation(
    <QueryClientProvider client={queryClient}>
      <SessionTokenProvider>
        <SessionContext.Provider value={session}>
          <MessagesPanelProvider>
            <Routes>
              <Route element={<WorkbookBoundary />}>
                <Route path="*" element={ui} />
              </Route>
            </Routes>
          </MessagesPanelProvider>
        </SessionContext.Provider>
      </SessionTokenProvider>
    </QueryClientProvider>,
    rest,
  );
  return { ...view, queryClient };
}

/**
 * What the topic layout gives a screen inside it, for a test of that screen alone: the topic's
 * workbook (the workbook feature's own TopicScope) and the outlet contract (lib/topic-outlet.ts).
 * Use it as the element of a layout route, below renderWithWorkbook.
 */
export function TopicRoute({ topic, topicId = topic._id }: { topic: TopicView; topicId?: string }) {
  const { TopicScope } = useWorkbookFeature();
  const context = useMemo<TopicOutletContext>(
    () => ({ topicId, topic, pages: topic.pages }),
    [topicId, topic],
  );
  return (
    <TopicScope topicId={topicId} topic={topic}>
      <Outlet context={context} />
    </TopicScope>
  );
}
