import {
  learningEvent,
  type AnalyticsEvent,
  type LearningEventData,
  type LearningEventName,
} from '@portal/domain';
import { useCallback } from 'react';
import { call } from '../api/client';
import { useOrganisation } from '../organisation';
import { useSessionToken } from '../session/session-token';

/** POST /{org}/analytics/events: one event of the learner's activity. */
export async function sendAnalyticsEvent(alias: string, event: AnalyticsEvent): Promise<void> {
  await call('analyticsEvent', { params: { org: alias }, body: event });
}

/** Sends a learning event and forgets it: a lost event never troubles the learner. */
export function trackEvent(alias: string, event: AnalyticsEvent): void {
  sendAnalyticsEvent(alias, event).catch(() => undefined);
}

export type TrackLearningEvent = <N extends LearningEventName>(
  name: N,
  data: LearningEventData<N>,
) => void;

/**
 * Sends the events a learning product needs (issue 15, point 23: page viewed, field answered,
 * page completed, topic completed, worksheet added, search made) to the organisation's
 * analytics endpoint, which keeps them with the account and the time. Only a signed-in
 * learner's: a visitor's answers stay in the browser (docs/decisions.md).
 */
export function useTrackEvent(): TrackLearningEvent {
  const { org } = useOrganisation();
  const { token } = useSessionToken();
  const alias = org.alias;
  const isSignedIn = token !== null;
  return useCallback<TrackLearningEvent>(
    (name, data) => {
      if (isSignedIn) trackEvent(alias, learningEvent(name, data));
    },
    [alias, isSignedIn],
  );
}
