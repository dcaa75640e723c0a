// The authoring studio's pure rules (docs/design.md §14). topic-arbitrary.ts is for tests only.
export {
  PASTE_FORMATS,
  PASTE_PROBLEM_CODES,
  PASTE_WARNING_CODES,
  choiceValue,
  type PasteFormat,
  type PasteProblem,
  type PasteProblemCode,
  type PasteResult,
  type PasteWarning,
  type PasteWarningCode,
} from './paste-fragments';
export { parseQuestions, type PasteOptions } from './paste-questions';
export {
  topicTexts,
  TEXT_KINDS,
  type TextKind,
  type TextLocation,
  type TopicText,
} from './topic-texts';
export {
  untranslated,
  untranslatedCount,
  missingLocales,
  isBlankText,
  type UntranslatedReport,
  type UntranslatedText,
} from './untranslated';
export {
  accessibilityProblems,
  ACCESSIBILITY_CODES,
  type AccessibilityCode,
  type AccessibilityProblem,
} from './accessibility';
export {
  describeTopicChanges,
  movedIds,
  TOPIC_CHANGE_KINDS,
  TOPIC_CHANGE_PROPERTIES,
  type TopicChange,
  type TopicChangeKind,
  type TopicChangeProperty,
  type WordChange,
} from './topic-changes';
