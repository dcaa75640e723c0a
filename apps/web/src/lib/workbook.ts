import type {
  FieldView,
  Scores,
  ShowConditionView,
  TopicView,
  WorkbookHistory,
} from '@portal/domain';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * What the screens of a topic see of the learner's workbook (features/workbook implements it).
 * Features never import each other, so the topic layout, its pages, the report card and the
 * print view reach the workbook through this contract, which the app provides around them
 * (app/workbook-boundary.tsx). Nothing here loads the domain's schemas: it is types and
 * contexts only.
 */

/**
 * Whether a saved history leads nowhere: none, or the marker an earlier version wrote for a
 * clear (`~cleared`), which workbooks saved then may still hold. Clears are now
 * `historyClearedAt` (design §8), which the merge applies.
 */
export function isClearedHistory(history: { topicId: string } | null | undefined): boolean {
  return !history || history.topicId === '~cleared';
}

/**
 * Where the saves stand: `editing` (a text being typed, saved when it loses focus), `saving`,
 * `saved` (the server has every edit), `error` (retried on its own), or `local` for a visitor
 * (kept in this browser until sign-up).
 */
export type SavePhase = 'idle' | 'editing' | 'saving' | 'saved' | 'error' | 'local';

export interface SaveStatus {
  phase: SavePhase;
  /** The messages of the failed attempts since the last success (spec §8: joined with '; '). */
  errors: readonly string[];
}

export interface WorksheetSummary {
  _id: string;
  name: string;
}

/** The workbook as one topic sees it: the answers of its current worksheet, and what to do. */
export interface TopicWorkbook {
  /** The topic id as it appears in the address ("general" for the general topic). */
  topicId: string;
  topic: TopicView;
  isSignedIn: boolean;
  /** The worksheet shown (spec §4: 0 when another topic is opened). */
  worksheetIndex: number;
  /** The topic's worksheets; a topic not answered yet shows one, "New Worksheet". */
  worksheets: readonly WorksheetSummary[];
  canAddWorksheet: boolean;
  canRemoveWorksheet: boolean;
  maxWorksheets: number;
  /** Answers of the current worksheet (the topic's defaults while it has none). */
  answers: Readonly<Record<string, unknown>>;
  completedPages: ReadonlySet<string>;
  /** Scores of this topic and worksheet, for a signed-in learner on a topic with scored fields. */
  scores: Scores | null;
  history: WorkbookHistory | null;
  /** Spec §4: a page or fragment with a show condition is shown while its formula holds. */
  isShown: (item: { showCondition?: ShowConditionView }) => boolean;
  /** A formula's text (spec §5): its value in the interface locale, or the error. */
  formulaText: (body: string) => string;
  /** Sets an answer at once (formulas follow); `save` sends it now, else at the next save. */
  setAnswer: (fieldId: string, value: unknown, options?: { save?: boolean }) => void;
  /** Saves what has changed (a text field losing focus, a slider let go). */
  save: () => void;
  markCompleted: (pageId: string) => void;
  /** Spec §4: entering a page saves the history, for a signed-in learner. */
  enterPage: (pageId: string) => void;
  clearHistory: () => void;
  selectWorksheet: (index: number) => void;
  addWorksheet: () => void;
  removeWorksheet: (index: number) => void;
  renameWorksheet: (index: number, name: string) => void;
}

export interface FieldSlotProps {
  field: FieldView;
  pageId: string;
  pageName: string;
  /** Every input disabled (spec §5: the print view). */
  readOnly?: boolean;
}

/** The parts of the workbook feature the screens place (see TopicWorkbook for the data). */
export interface WorkbookFeature {
  /** Provides the TopicWorkbook of `topic` to what it wraps. */
  TopicScope: ComponentType<{ topicId: string; topic: TopicView; children: ReactNode }>;
  /** A field of a page, bound to the current worksheet. */
  Field: ComponentType<FieldSlotProps>;
  /** "Saving…", "All changes saved", or the error with a Retry button. */
  SaveStatus: ComponentType;
  /** Inside a TopicScope: choose, add and remove worksheets (topics with allowMultiWorksheets). */
  WorksheetSelector: ComponentType;
  /** Inside a TopicScope: the current worksheet's name, editable in place (the topic home). */
  WorksheetNameEditor: ComponentType;
  /** Clears the saved history of a signed-in learner (/topics, topic home, report card). */
  clearHistory: () => void;
}

export const WorkbookFeatureContext = createContext<WorkbookFeature | null>(null);
export const TopicWorkbookContext = createContext<TopicWorkbook | null>(null);

/** The workbook feature, or null outside it (unit tests of one screen). */
export function useWorkbookFeature(): WorkbookFeature | null {
  return useContext(WorkbookFeatureContext);
}

/** The workbook of the topic on screen, or null outside a TopicScope. */
export function useTopicWorkbook(): TopicWorkbook | null {
  return useContext(TopicWorkbookContext);
}
