import {
  evaluateFormula,
  formulaScope,
  formulaText,
  isShown,
  seedDefaults,
  topicDefaults,
  topicFormulas,
  type Scores,
  type ShowConditionView,
  type Sheet,
  type TopicView,
  type Workbook,
} from '@portal/domain';
import type { ComponentType } from 'react';
import type { FieldSlotProps, TopicWorkbook } from '../../../lib/workbook';

/** What the print view needs of the learner's workbook for one topic. */
export interface PrintSource {
  /** The worksheet printed, named when the topic keeps several. */
  worksheetName?: string;
  /** Answers of the current worksheet (the topic's defaults where it has none). */
  answers: Readonly<Record<string, unknown>>;
  /** Spec §4: a page or fragment with a show condition is printed while its formula holds. */
  isShown: (item: { showCondition?: ShowConditionView }) => boolean;
  /** A formula's value as text, or its error (spec §5). */
  formulaText: (body: string) => string;
  /** The workbook's own field, drawn read-only; absent, the print view draws the answer itself. */
  Field?: ComponentType<FieldSlotProps>;
}

/** The source from the workbook feature's view of the topic (the app's usual path). */
export function sourceFromTopicWorkbook(
  workbook: TopicWorkbook,
  Field: ComponentType<FieldSlotProps> | undefined,
): PrintSource {
  return {
    worksheetName: workbook.topic.allowMultiWorksheets
      ? workbook.worksheets[workbook.worksheetIndex]?.name
      : undefined,
    answers: workbook.answers,
    isShown: workbook.isShown,
    formulaText: workbook.formulaText,
    Field,
  };
}

function sheetOf(workbook: Workbook, topic: TopicView, worksheetIndex: number) {
  if (topic.isGeneral) return { sheet: workbook.general as Sheet, name: undefined };
  const worksheets = workbook.topics[topic._id] ?? [];
  const worksheet = worksheets[worksheetIndex] ?? worksheets[0];
  return { sheet: worksheet as Sheet | undefined, name: worksheet?.name };
}

/**
 * The source worked out here from the stored workbook, with the domain's formula engine: for a
 * screen shown without the workbook feature around it.
 */
export function sourceFromWorkbook(
  topic: TopicView,
  workbook: Workbook,
  worksheetIndex: number,
  scores: Scores | undefined,
  formatNumber: (value: number) => string,
): PrintSource {
  const { sheet, name } = sheetOf(workbook, topic, worksheetIndex);
  const answers = sheet ? seedDefaults(sheet, topic).data : topicDefaults(topic);
  const scope = formulaScope({
    worksheet: answers,
    general: workbook.general.data,
    scores,
    formulas: topicFormulas(topic),
  });
  return {
    worksheetName: topic.allowMultiWorksheets ? name : undefined,
    answers,
    isShown: (item) => isShown(item.showCondition, scope),
    formulaText: (body) => formulaText(evaluateFormula(body, scope), formatNumber),
  };
}
