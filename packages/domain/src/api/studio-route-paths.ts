/**
 * The authoring studio's routes by name (docs/design.md §14), the other part of the route
 * table's paths (route-paths.ts): kept apart so that the browser loads them with the studio's
 * code only (`knowRoutePaths`).
 */
export const STUDIO_ROUTE_PATHS = {
  studioTopics: 'GET /api/org/{org}/studio/topics',
  createStudioTopic: 'POST /api/org/{org}/studio/topics',
  studioTopic: 'GET /api/org/{org}/studio/topic/{topicId}',
  saveStudioTopic: 'PUT /api/org/{org}/studio/topic/{topicId}',
  publishStudioTopic: 'POST /api/org/{org}/studio/topic/{topicId}/publish',
  studioTopicVersions: 'GET /api/org/{org}/studio/topic/{topicId}/versions',
  studioTopicVersion: 'GET /api/org/{org}/studio/topic/{topicId}/versions/{version}',
  restoreStudioTopic: 'POST /api/org/{org}/studio/topic/{topicId}/restore',
  archiveStudioTopic: 'POST /api/org/{org}/studio/topic/{topicId}/archive',
  studioAnswerCounts: 'GET /api/org/{org}/studio/topic/{topicId}/answers',
  studioPresence: 'POST /api/org/{org}/studio/topic/{topicId}/presence',
  studioCatalogue: 'GET /api/org/{org}/studio/catalogue',
  saveStudioCatalogue: 'PUT /api/org/{org}/studio/catalogue',
  studioPreviewTopic: 'GET /api/org/{org}/studio/topic/{topicId}/preview',
  studioPreviewGrade: 'GET /api/org/{org}/studio/topic/{topicId}/preview/worksheet/{index}/grade',
  studioPreviewWorkbook: 'GET /api/org/{org}/studio/preview/workbook',
  saveStudioPreviewWorkbook: 'PUT /api/org/{org}/studio/preview/workbook',
  resetStudioPreviewWorkbook: 'DELETE /api/org/{org}/studio/preview/workbook',
} as const;
