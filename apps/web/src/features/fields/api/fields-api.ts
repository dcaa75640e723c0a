/** POST /{org}/analytics/events: one event of the learner's activity (a file uploaded, say). */
export { sendAnalyticsEvent } from '../../../lib/analytics/events';
