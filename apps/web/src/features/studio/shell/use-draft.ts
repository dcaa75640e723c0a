import type { StudioDraftAnswer } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { saveStudioTopic, studioKeys } from '../api/studio-api';
import { DraftSaver, type DraftSnapshot } from '../lib/draft-saver';

/**
 * The topic's draft in the workspace: the autosave (lib/draft-saver.ts) made once per opened
 * draft, its state read as React state. Leaving the page with an edit the server lacks asks
 * first; leaving the workspace saves what waits.
 */
export function useDraft(
  org: string,
  viewer: string,
  topicId: string,
  initial: StudioDraftAnswer,
): { saver: DraftSaver; draft: DraftSnapshot } {
  const queryClient = useQueryClient();
  const [saver] = useState(
    () =>
      new DraftSaver({
        topic: initial.topic,
        version: initial.version,
        save: (topic, version) => saveStudioTopic(org, topicId, topic, version),
      }),
  );
  const draft = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot);

  useEffect(() => {
    // The workspace opened again (back from the preview, say) starts from what the server has
    // now, not from the draft it first loaded: each saved draft goes into the query's cache.
    const key = studioKeys.topic(org, viewer, topicId);
    const unsubscribe = saver.subscribe(() => {
      const { topic, version, status } = saver.getSnapshot();
      if (status.kind !== 'saved') return;
      queryClient.setQueryData(key, (old: StudioDraftAnswer | undefined) =>
        old && (old.version !== version || old.topic !== topic) ? { ...old, topic, version } : old,
      );
    });
    function warn(event: BeforeUnloadEvent) {
      if (!saver.hasUnsavedEdits) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      // Leaving for another screen of the app: what waits is saved (and retried until the
      // server has it) rather than dropped, and the cache learns of it.
      void saver.flush().finally(unsubscribe);
    };
  }, [saver, queryClient, org, viewer, topicId]);

  return { saver, draft };
}
