import type { FragmentView as Fragment } from '@portal/domain';
import { useTopicWorkbook, useWorkbookFeature } from '../../../lib/workbook';
import { AttachmentFragment } from './attachment-fragment';
import { ContentFragment } from './content-fragment';
import { FormulaFragment } from './formula-fragment';

interface FragmentViewProps {
  fragment: Fragment;
  pageId: string;
  pageName: string;
}

/** One fragment of a page, by its type: content, field, attachment or formula. */
export function FragmentView({ fragment, pageId, pageName }: FragmentViewProps) {
  const { Field } = useWorkbookFeature();
  const { formulaText } = useTopicWorkbook();
  switch (fragment.type) {
    case 'content':
      return <ContentFragment content={fragment.content} pageId={pageId} />;
    case 'attachment':
      return <AttachmentFragment attachment={fragment.attachment} />;
    case 'field':
      // The field's input comes with the workbook (features/fields, through lib/workbook.ts).
      return <Field field={fragment.field} pageId={pageId} pageName={pageName} />;
    case 'formula':
      return <FormulaFragment formula={fragment.formula} text={formulaText(fragment.formula)} />;
  }
}
