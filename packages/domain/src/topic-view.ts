/** The topic as a learner receives it (GET /{org}/topic/{id}): localised, nothing secret. */

export type Visibility = 'Public' | 'Private';

export interface ShowConditionView {
  enabled: boolean;
  formula: { body: string };
}

export interface FieldView {
  _id: string;
  name: string;
  question: string;
  type: 'select' | 'number' | 'string' | 'boolean' | 'radio' | 'slider' | 'table' | 'file';
  defaultValue?: unknown;
  pickList?: { _id: string; value: string; label: string }[];
  height?: number;
  minValue?: number;
  maxValue?: number;
  rowCount?: number;
  columnCount?: number;
  cells?: { value?: string; defaultValue?: string; isReadOnly?: boolean }[][];
  scoreWeight?: number;
  /** Scored (design §6): the weight counts on the report card. The correct answer never leaves the server. */
  isScored: boolean;
}

interface FragmentBase {
  _id: string;
  showCondition?: ShowConditionView;
}

export type FragmentView =
  | (FragmentBase & {
      type: 'content';
      /** The body when it is sent with the topic; long bodies are stored apart and fetched by `contentId`. */
      content: { body?: string; contentId?: string };
    })
  | (FragmentBase & { type: 'field'; field: FieldView })
  | (FragmentBase & {
      type: 'attachment';
      attachment: { url: string; name: string; description: string };
    })
  | (FragmentBase & {
      type: 'formula';
      formula: { _id: string; name: string; description: string; body: string };
    });

export interface PageView {
  _id: string;
  name: string;
  visibility: Visibility;
  showCondition?: ShowConditionView;
  fragments: FragmentView[];
  hasScoredFields: boolean;
}

export interface TopicView {
  _id: string;
  name: string;
  description: string;
  isGeneral: boolean;
  visibility: Visibility;
  topicImage?: {
    secure_url: string;
    unsplashAttribution?: { photographerName: string; photographerHandle: string };
  };
  imageUrl?: string;
  parentTopicGroup?: { _id: string; name: string; visibility: Visibility };
  allowMultiWorksheets: boolean;
  showGradeReport: boolean;
  hasScoredFields: boolean;
  pages: PageView[];
}

export interface ContentView {
  body: string;
  locale: string;
}
