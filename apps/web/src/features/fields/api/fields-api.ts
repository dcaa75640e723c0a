import type { AnalyticsEvent } from '@portal/domain';
import { call } from '../../../lib/api/client';

/** POST /{org}/analytics/events: one event of the learner's activity (a file uploaded, say). */
export async function sendAnalyticsEvent(alias: string, event: AnalyticsEvent): Promise<void> {
  await call('analyticsEvent', { params: { org: alias }, body: event });
}
