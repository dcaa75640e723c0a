import { errorMessage } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isApiError, isNetworkError } from '../../../lib/api/client';
import { describeError } from '../../../lib/use-error-message';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import {
  WorkbookFeatureContext,
  type FieldSlotProps,
  type WorkbookFeature,
  type WorkbookSource,
} from '../../../lib/workbook';
import { LEARNER_WORKBOOK_SOURCE } from '../lib/learner-source';
import { releaseOtherStores, workbookStoreFor } from '../lib/store-registry';
import { SaveStatusBar } from './save-status';
import { WorkbookStoreContext } from './store-context';
import { TopicScope } from './topic-scope';
import { useCompletedPages } from './use-completed-pages';
import { WorksheetNameEditor } from './worksheet-name-editor';
import { WorksheetSelector } from './worksheet-selector';

interface WorkbookProviderProps {
  /** The field component (features/fields), which the app hands over. */
  Field: ComponentType<FieldSlotProps>;
  /** Where the workbook is kept: the learner's own by default (the studio's preview hands its own). */
  source?: WorkbookSource;
  children: ReactNode;
}

/**
 * The workbook of the viewer, for the screens below (lib/workbook.ts says what they get). The
 * store itself lives on between screens, one per viewer, so a save in flight is never dropped
 * by a change of page.
 */
export function WorkbookProvider({
  Field,
  source = LEARNER_WORKBOOK_SOURCE,
  children,
}: WorkbookProviderProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();

  const describe = useMemo(() => {
    const generic = intl.formatMessage({ id: 'error.generic' });
    const offline = intl.formatMessage({ id: 'workbook.save.offline' });
    return (error: unknown) =>
      // A request that never got an answer (fetch's TypeError) says nothing useful itself.
      isNetworkError(error) || (error instanceof TypeError && !isApiError(error))
        ? offline
        : isApiError(error) && !error.body
          ? describeError(error, intl)
          : errorMessage(error, intl.locale, generic);
  }, [intl]);

  const store = workbookStoreFor(queryClient, org.alias, viewer, describe, source);
  useEffect(
    () => releaseOtherStores(queryClient, org.alias, viewer, source),
    [queryClient, org.alias, viewer, source],
  );
  // Back online: a save that failed is tried again at once, not at the end of its backoff
  // (issue 15 point 6: up to 30 s otherwise).
  useEffect(() => {
    const retryNow = () => {
      if (store.getState().status.phase === 'error') store.retry();
    };
    window.addEventListener('online', retryNow);
    return () => window.removeEventListener('online', retryNow);
  }, [store]);
  const feature = useMemo<WorkbookFeature>(
    () => ({
      TopicScope,
      Field,
      SaveStatus: SaveStatusBar,
      WorksheetSelector,
      WorksheetNameEditor,
      clearHistory: () => store.clearHistory(),
      useCompletedPages,
    }),
    [store, Field],
  );

  return (
    <WorkbookStoreContext.Provider value={store}>
      <WorkbookFeatureContext.Provider value={feature}>{children}</WorkbookFeatureContext.Provider>
    </WorkbookStoreContext.Provider>
  );
}
