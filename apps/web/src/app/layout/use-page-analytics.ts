import { useEffect } from 'react';
import { matchPath } from 'react-router';
import { useAnalyticsConsent } from '../../lib/analytics/consent';
import { useTrackEvent } from '../../lib/analytics/events';
import {
  loadGoogleAnalytics,
  sendGooglePageView,
  stopGoogleAnalytics,
} from '../../lib/analytics/google-analytics';
import { useOrganisation } from '../../lib/organisation';

const TOPIC_PAGE = '/topic/:topicId/page/:pageId';

/**
 * Page views (issue 15, point 23): PAGE_VIEWED to the organisation's analytics endpoint for each
 * topic page opened, and, when the organisation set a `gaUid` and the learner agreed, a page
 * view of every screen to its Google Analytics property. Without that consent nothing is
 * loaded from Google; when the learner takes it back, nothing more is sent.
 */
export function usePageAnalytics(pathname: string): void {
  const { org } = useOrganisation();
  const track = useTrackEvent();
  const consent = useAnalyticsConsent(org.alias);
  const gaUid = org.gaUid;

  useEffect(() => {
    const match = matchPath(TOPIC_PAGE, pathname);
    const { topicId, pageId } = match?.params ?? {};
    if (topicId && pageId) track('PAGE_VIEWED', { topicId, pageId });
  }, [pathname, track]);

  useEffect(() => {
    if (!gaUid || consent !== 'granted') return;
    loadGoogleAnalytics(gaUid);
    sendGooglePageView(pathname);
  }, [pathname, gaUid, consent]);

  // A refusal, here or later from the footer's Cookie settings, stops Google at once.
  useEffect(() => {
    if (gaUid && consent === 'denied') stopGoogleAnalytics(gaUid);
  }, [gaUid, consent]);
}
