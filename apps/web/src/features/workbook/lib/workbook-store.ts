import { mergeWorkbooks, type Workbook } from '@portal/domain';
import type { SaveStatus } from '../../../lib/workbook';
import { isClearedHistory } from '../../../lib/workbook';
import { createSaveQueue, type SaveQueueOptions } from './save-queue';
import { withoutHistory } from './topic-sheets';

/** Which worksheet is shown: docs/product-spec.md §4, per topic opened (another topic starts at 0). */
export interface WorksheetSelection {
  topicId: string | null;
  index: number;
}

export interface WorkbookStoreState {
  workbook: Workbook;
  status: SaveStatus;
  selection: WorksheetSelection;
}

export interface WorkbookStoreOptions {
  initial: Workbook;
  /** A signed-in learner's workbook is saved on the server; a visitor's in this browser. */
  isMember: boolean;
  /** PUT the workbook; the server's merged answer. */
  send: (workbook: Workbook) => Promise<Workbook>;
  /** Keeps a visitor's workbook in the browser. */
  keepLocally: (workbook: Workbook) => void;
  /** Every new state of the workbook, for the rest of the app (the session's query cache). */
  publish: (workbook: Workbook) => void;
  onSaved?: () => void;
  describeError: (error: unknown) => string;
  canSend?: () => boolean;
  /** Milliseconds since the epoch (tests pass their own clock). */
  now?: () => number;
  timers?: Pick<SaveQueueOptions<Workbook>, 'setTimer' | 'clearTimer' | 'retryDelays'>;
}

export interface EditOptions {
  /** Save now (select, radio, boolean, file, worksheets, history); else at the next save. */
  save?: boolean;
}

export interface WorkbookStore {
  getState(): WorkbookStoreState;
  subscribe(listener: () => void): () => void;
  readonly isMember: boolean;
  /** Applies `change` at once (formulas follow) and keeps or saves the result. */
  edit(change: (workbook: Workbook, now: string) => Workbook, options?: EditOptions): void;
  /** Saves what changed since the last save (a field losing focus). */
  save(): void;
  retry(): void;
  /** Opening a topic: another topic than the last one starts at worksheet 0 (docs/product-spec.md §4). */
  enterTopic(topicId: string): void;
  selectWorksheet(topicId: string, index: number): void;
  clearHistory(): void;
  /** Resolves once what was asked to be saved has been answered (signing out waits for it). */
  settled(): Promise<void>;
  hasUnsavedEdits(): boolean;
  dispose(): void;
}

/** A clock that never goes back nor repeats, so each edit is newer than the one before it. */
export function monotonicClock(now: () => number = Date.now): () => string {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return new Date(last).toISOString();
  };
}

function initialSelection(workbook: Workbook): WorksheetSelection {
  const history = workbook.history;
  if (isClearedHistory(history) || !history) return { topicId: null, index: 0 };
  return { topicId: history.topicId, index: history.worksheetIndex };
}

/**
 * The learner's workbook while the app runs. Edits apply to it at once; a signed-in learner's
 * are saved on the server through the save queue (one PUT at a time, answers merged field by
 * field, failures retried), a visitor's are kept in the browser until they sign up.
 */
export function createWorkbookStore(options: WorkbookStoreOptions): WorkbookStore {
  const listeners = new Set<() => void>();
  const clock = monotonicClock(options.now);
  let state: WorkbookStoreState = {
    workbook: options.initial,
    // A visitor's answers are kept in this browser from the start, and the status says so from
    // the first screen: appearing at their first answer or page, it pushed Previous / Next down
    // under the pointer (a click lost between a page turn and the next).
    status: { phase: options.isMember ? 'idle' : 'local', errors: [] },
    selection: initialSelection(options.initial),
  };

  function setState(next: Partial<WorkbookStoreState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function setWorkbook(workbook: Workbook) {
    if (workbook === state.workbook) return;
    setState({ workbook });
    options.publish(workbook);
  }

  const queue = createSaveQueue<Workbook>({
    read: () => state.workbook,
    send: options.send,
    // The server's merge holds everything it had plus what was sent; merged again with the
    // local workbook, edits made while the request was out are kept (newest edit wins).
    accept: (answer) => setWorkbook(mergeWorkbooks(state.workbook, answer)),
    onStatus: (status) => setState({ status }),
    onSaved: options.onSaved,
    describeError: options.describeError,
    canSend: options.canSend,
    ...options.timers,
  });

  function edit(change: (workbook: Workbook, now: string) => Workbook, { save = false } = {}) {
    const next = change(state.workbook, clock());
    if (next === state.workbook) return;
    setWorkbook(next);
    if (!options.isMember) {
      options.keepLocally(next);
      if (state.status.phase !== 'local') setState({ status: { phase: 'local', errors: [] } });
      return;
    }
    queue.changed();
    if (save) queue.request();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isMember: options.isMember,
    edit,
    save() {
      if (options.isMember) queue.request();
    },
    retry: () => queue.retry(),
    enterTopic(topicId) {
      if (state.selection.topicId !== topicId) setState({ selection: { topicId, index: 0 } });
    },
    selectWorksheet(topicId, index) {
      const { selection } = state;
      if (selection.topicId !== topicId || selection.index !== index)
        setState({ selection: { topicId, index } });
    },
    clearHistory() {
      // docs/product-spec.md §4: for a signed-in learner (a visitor's history is never kept).
      if (options.isMember) edit(withoutHistory, { save: true });
    },
    settled: () => queue.settled(),
    hasUnsavedEdits: () => queue.hasUnsavedEdits(),
    dispose: () => queue.dispose(),
  };
}
