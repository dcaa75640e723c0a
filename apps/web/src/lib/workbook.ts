import type {
  FieldView,
  FormulaFormat,
  Scores,
  ShowConditionView,
  TopicView,
  Workbook,
  WorkbookHistory,
} from '@portal/domain';
import type { QueryKey } from '@tanstack/react-query';
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
 * `historyClearedAt`, which the server's field-by-field merge applies like any other edit.
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
  /** The messages of the failed attempts since the last success (shown joined with '; '). */
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
  /** The worksheet shown (back to 0 when another topic is opened). */
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
  /** A page or fragment with a show condition is shown while its formula holds. */
  isShown: (item: { showCondition?: ShowConditionView }) => boolean;
  /**
   * A formula's text: its value in the interface locale, in its format (number, money in the
   * organisation's currency, percentage), or the error; null while none of its inputs exists.
   */
  formulaText: (formula: { body: string; format?: FormulaFormat }) => string | null;
  /** Sets an answer at once (formulas follow); `save` sends it now, else at the next save. */
  setAnswer: (fieldId: string, value: unknown, options?: { save?: boolean }) => void;
  /** Saves what has changed (a text field losing focus, a slider let go). */
  save: () => void;
  markCompleted: (pageId: string) => void;
  /** Entering a page saves the history (where to resume), for a signed-in learner. */
  enterPage: (pageId: string) => void;
  clearHistory: () => void;
  selectWorksheet: (index: number) => void;
  addWorksheet: () => void;
  removeWorksheet: (index: number) => void;
  /** Renames at once (the selector follows); `save` sends it now, else at the next save. */
  renameWorksheet: (index: number, name: string, options?: { save?: boolean }) => void;
}

export interface FieldSlotProps {
  field: FieldView;
  pageId: string;
  pageName: string;
  /** Every input disabled (the print view). */
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
  /**
   * A hook: the pages completed in the worksheet a topic opens on (the one selected in it, else
   * the first), for the progress on its card.
   */
  useCompletedPages: (topicId: string) => ReadonlySet<string>;
}

/**
 * Where a workbook provider keeps the viewer's workbook: the learner's (GET and PUT /workbook,
 * features/workbook's default), or another the app hands over (the studio's preview workbook).
 * The provider's store starts from the query data at `key`, which must be loaded before it draws.
 */
export interface WorkbookSource {
  /** Tells the stores of different sources apart ("learner", "preview"). */
  name: string;
  /** A new generation drops the store of the one before (a preview's answers reset). */
  generation?: number;
  key: (alias: string, viewer: string) => QueryKey;
  /** PUT the workbook; the server's merged answer. */
  save: (alias: string, workbook: Workbook) => Promise<Workbook>;
  /** A page closed with an edit the server lacks: one last keepalive save (none: no such save). */
  saveOnExit?: (alias: string, workbook: Workbook) => void;
  /** What every save makes stale: the scores. */
  savedKey: (alias: string) => QueryKey;
}

export const WorkbookFeatureContext = createContext<WorkbookFeature | null>(null);
export const TopicWorkbookContext = createContext<TopicWorkbook | null>(null);

/** The workbook feature, which the app provides around every screen that reads answers. */
export function useWorkbookFeature(): WorkbookFeature {
  const feature = useContext(WorkbookFeatureContext);
  if (!feature)
    throw new Error('useWorkbookFeature() must be used below app/workbook-boundary.tsx');
  return feature;
}

/** The workbook of the topic on screen (inside the workbook feature's TopicScope). */
export function useTopicWorkbook(): TopicWorkbook {
  const workbook = useContext(TopicWorkbookContext);
  if (!workbook) throw new Error('useTopicWorkbook() must be used inside a TopicScope');
  return workbook;
}
