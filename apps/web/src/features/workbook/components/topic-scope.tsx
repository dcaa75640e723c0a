import {
  canAddWorksheet,
  canRemoveWorksheet,
  evaluateFormula,
  formulaHasInputs,
  formulaScope,
  formulaText,
  isShown,
  topicFormulas,
  type FormulaFormat,
  type ShowConditionView,
  type TopicView,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useTrackEvent } from '../../../lib/analytics/events';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useTopicSource } from '../../../lib/topic-outlet';
import { TopicWorkbookContext, type TopicWorkbook } from '../../../lib/workbook';
import { newWorksheetId } from '../lib/ids';
import { completionEvents } from '../lib/progress-events';
import {
  addWorksheet,
  answersAt,
  clampIndex,
  completePage,
  removeWorksheet,
  renameWorksheet,
  setAnswer,
  sheetAt,
  withHistory,
  withoutHistory,
  worksheetSummaries,
  worksheetsOf,
  type SheetRef,
} from '../lib/topic-sheets';
import { useWorkbookState, useWorkbookStore } from './store-context';

/** A preview's learning events are nobody's (lib/topic-outlet.ts, recordsLearning). */
const ignoreEvent = () => undefined;

/** docs/content-packs.md: money is in US dollars unless the organisation names its currency. */
const DEFAULT_CURRENCY = 'USD';

interface TopicScopeProps {
  topicId: string;
  topic: TopicView;
  children: ReactNode;
}

/**
 * The workbook of one topic (lib/workbook.ts, TopicWorkbook): the current worksheet's answers,
 * its formulas and show conditions worked out against them and the scores, and the edits.
 */
export function TopicScope({ topicId, topic, children }: TopicScopeProps) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const store = useWorkbookStore();
  const { workbook, selection } = useWorkbookState();
  const isSignedIn = store.isMember;
  const source = useTopicSource();

  // Opening another topic starts on its first worksheet.
  useEffect(() => store.enterTopic(topicId), [store, topicId]);

  const count = topic.isGeneral ? 1 : Math.max(worksheetsOf(workbook, topicId).length, 1);
  const worksheetIndex =
    selection.topicId === topicId && !topic.isGeneral ? clampIndex(selection.index, count) : 0;

  // Scores load for the topic and worksheet, and again after each save.
  const scoresResult = useQuery({
    ...source.grades(org.alias, topicId, worksheetIndex, viewer),
    enabled: isSignedIn && topic.hasScoredFields,
  });
  const scores = (isSignedIn && scoresResult.data) || null;

  const ref = useMemo<SheetRef>(
    () => ({ topicId, topic, index: worksheetIndex }),
    [topicId, topic, worksheetIndex],
  );
  const answers = useMemo(() => answersAt(workbook, ref), [workbook, ref]);
  const general = workbook.general.data;
  const sheet = sheetAt(workbook, ref);
  const completedList = sheet?.completedPages;
  const completedPages = useMemo(() => new Set(completedList ?? []), [completedList]);
  const formulas = useMemo(() => topicFormulas(topic), [topic]);

  const evaluation = useMemo(() => {
    const scope = formulaScope({
      worksheet: answers,
      general: topic.isGeneral ? answers : general,
      ...(scores && { scores }),
      formulas,
    });
    const shown = new Map<string, boolean>();
    const texts = new Map<string, string | null>();
    const currency = org.currency ?? DEFAULT_CURRENCY;
    const formatters: Record<FormulaFormat, (n: number) => string> = {
      number: (n) => intl.formatNumber(n, { maximumFractionDigits: 2 }),
      // Money in the organisation's currency, its symbol as people there write it ("$").
      currency: (n) =>
        intl.formatNumber(n, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }),
      // The pack's percentages are out of 100 (35 means 35 %).
      percent: (n) => intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 2 }),
    };
    return {
      // Each condition and formula is worked out once per change of the answers.
      isShown: (item: { showCondition?: ShowConditionView }) => {
        const condition = item.showCondition;
        if (!condition?.enabled) return true;
        let result = shown.get(condition.formula.body);
        if (result === undefined) {
          result = isShown(condition, scope);
          shown.set(condition.formula.body, result);
        }
        return result;
      },
      formulaText: ({ body, format = 'number' }: { body: string; format?: FormulaFormat }) => {
        const key = `${format}\u0000${body}`;
        let text = texts.get(key);
        if (text === undefined) {
          text = formulaHasInputs(body, scope)
            ? formulaText(evaluateFormula(body, scope), formatters[format])
            : null;
          texts.set(key, text);
        }
        return text;
      },
    };
  }, [answers, general, scores, formulas, topic.isGeneral, intl, org.currency]);

  // What the completion events are worked out against, read when a page is completed.
  const trackEvent = useTrackEvent();
  const track = source.recordsLearning ? trackEvent : ignoreEvent;
  const progress = useRef({ completedPages, isShown: evaluation.isShown });
  useEffect(() => {
    progress.current = { completedPages, isShown: evaluation.isShown };
  });

  const actions = useMemo(() => {
    const edit = store.edit;
    return {
      setAnswer: (fieldId: string, value: unknown, { save = false } = {}) =>
        edit((current, now) => setAnswer(current, ref, fieldId, value, now), { save }),
      save: () => store.save(),
      markCompleted: (pageId: string) => {
        const { completedPages: done, isShown: shown } = progress.current;
        for (const [name, data] of completionEvents(topicId, topic, done, pageId, shown))
          track(name, data);
        edit((current, now) => completePage(current, ref, pageId, now), { save: true });
      },
      enterPage: (pageId: string) => {
        if (!isSignedIn) return;
        edit((current, now) => withHistory(current, { topicId, pageId, worksheetIndex }, now), {
          save: true,
        });
      },
      clearHistory: () => {
        if (isSignedIn) edit(withoutHistory, { save: true });
      },
      selectWorksheet: (index: number) => store.selectWorksheet(topicId, index),
      addWorksheet: () => {
        let added = 0;
        edit(
          (current, now) => {
            const result = addWorksheet(current, ref, newWorksheetId(), now);
            added = result.index;
            return result.workbook;
          },
          { save: true },
        );
        store.selectWorksheet(topicId, added);
        track('WORKSHEET_ADDED', { topicId, worksheetIndex: added });
      },
      removeWorksheet: (index: number) => {
        edit((current, now) => removeWorksheet(current, topicId, index, now), { save: true });
        // The first worksheet is selected after a removal.
        store.selectWorksheet(topicId, 0);
      },
      renameWorksheet: (index: number, name: string, { save = true } = {}) =>
        edit((current, now) => renameWorksheet(current, { ...ref, index }, name, now), { save }),
    };
  }, [store, ref, topicId, topic, worksheetIndex, isSignedIn, track]);

  const maxWorksheets = org.constraints.maxTopicWorksheets;
  const storedCount = worksheetsOf(workbook, topicId).length;
  const topicSheets = workbook.topics[topicId];
  const worksheets = useMemo(
    () => (topic.isGeneral ? [] : worksheetSummaries(topicSheets, topicId)),
    [topic.isGeneral, topicSheets, topicId],
  );

  const value = useMemo<TopicWorkbook>(
    () => ({
      topicId,
      topic,
      isSignedIn,
      worksheetIndex,
      worksheets,
      canAddWorksheet: canAddWorksheet(Math.max(storedCount, 1), maxWorksheets),
      canRemoveWorksheet: canRemoveWorksheet(storedCount),
      maxWorksheets,
      answers,
      completedPages,
      scores,
      history: workbook.history ?? null,
      ...evaluation,
      ...actions,
    }),
    [
      topicId,
      topic,
      isSignedIn,
      worksheetIndex,
      worksheets,
      storedCount,
      maxWorksheets,
      answers,
      completedPages,
      scores,
      workbook.history,
      evaluation,
      actions,
    ],
  );

  return <TopicWorkbookContext.Provider value={value}>{children}</TopicWorkbookContext.Provider>;
}
