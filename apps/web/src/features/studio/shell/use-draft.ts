import type { StudioDraftAnswer } from '@portal/domain';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { saveStudioTopic } from '../api/studio-api';
import { DraftSaver, type DraftSnapshot } from '../lib/draft-saver';

/**
 * The topic's draft in the workspace: the autosave (lib/draft-saver.ts) made once per opened
 * draft, its state read as React state. Leaving the page with an edit the server lacks asks
 * first; leaving the workspace saves what waits.
 */
export function useDraft(
  org: string,
  topicId: string,
  initial: StudioDraftAnswer,
): { saver: DraftSaver; draft: DraftSnapshot } {
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
      // server has it) rather than dropped.
      void saver.flush();
    };
  }, [saver]);

  return { saver, draft };
}
