import type { FormulaFormat, ShowConditionView } from '@portal/domain';
import type { ComponentType } from 'react';
import type { FieldSlotProps, TopicWorkbook } from '../../../lib/workbook';

/** What the print view needs of the learner's workbook for one topic. */
export interface PrintSource {
  /** The worksheet printed, named when the topic keeps several. */
  worksheetName?: string;
  /** A page or fragment with a show condition is printed while its formula holds. */
  isShown: (item: { showCondition?: ShowConditionView }) => boolean;
  /** A formula's value as text, or its error; null while none of its inputs is answered. */
  formulaText: (formula: { body: string; format?: FormulaFormat }) => string | null;
  /** The workbook's own field with the learner's answer, drawn read-only. */
  Field: ComponentType<FieldSlotProps>;
}

/** The source from the workbook feature's view of the topic. */
export function sourceFromTopicWorkbook(
  workbook: TopicWorkbook,
  Field: ComponentType<FieldSlotProps>,
): PrintSource {
  return {
    worksheetName: workbook.topic.allowMultiWorksheets
      ? workbook.worksheets[workbook.worksheetIndex]?.name
      : undefined,
    isShown: workbook.isShown,
    formulaText: workbook.formulaText,
    Field,
  };
}
