import type { Workbook } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import type { useNavigate } from 'react-router';
import { flashState } from '../../lib/flash';
import { isClearedHistory } from '../../lib/workbook';

/** Where the saved history leads: a page of a topic, or the topic; null when it leads nowhere. */
export function historyPath(workbook: Workbook): string | null {
  const history = workbook.history;
  // A cleared history (the topic home, the topics list and the report card clear it) leads nowhere.
  if (!history?.topicId || isClearedHistory(history)) return null;
  const topic = `/topic/${encodeURIComponent(history.topicId)}`;
  return history.pageId ? `${topic}/page/${encodeURIComponent(history.pageId)}` : topic;
}

/**
 * App start: once the workbook is there, a start on "/" goes on to the saved history. Only
 * once: coming back to the home page later stays there.
 */
export function useResumeFromHistory(
  target: string | null | undefined,
  navigateRef: { current: ReturnType<typeof useNavigate> },
) {
  const [startedOnHome] = useState(
    () => typeof window !== 'undefined' && window.location.pathname === '/',
  );
  const isDone = useRef(!startedOnHome);
  useEffect(() => {
    if (isDone.current || target === undefined) return;
    isDone.current = true;
    // The screen says where the learner was taken, with a way back to the home page.
    if (target && window.location.pathname === '/')
      navigateRef.current(target, { replace: true, state: flashState('resumed') });
  }, [target, navigateRef]);
}
