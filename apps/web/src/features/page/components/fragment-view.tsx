import type { FragmentView as Fragment } from '@portal/domain';
import { useTopicWorkbook, useWorkbookFeature } from '../../../lib/workbook';
import { AttachmentFragment } from './attachment-fragment';
import { ContentFragment } from './content-fragment';
import { FieldPlaceholder } from './field-placeholder';
import { FormulaFragment } from './formula-fragment';

interface FragmentViewProps {
  fragment: Fragment;
  pageId: string;
  pageName: string;
}

/** One fragment of a page, by its type (spec §1: content, field, attachment, formula). */
export function FragmentView({ fragment, pageId, pageName }: FragmentViewProps) {
  const feature = useWorkbookFeature();
  const workbook = useTopicWorkbook();
  switch (fragment.type) {
    case 'content':
      return <ContentFragment content={fragment.content} pageId={pageId} />;
    case 'attachment':
      return <AttachmentFragment attachment={fragment.attachment} />;
    case 'field':
      // The field's input comes with the workbook (features/fields, through lib/workbook.ts).
      return feature ? (
        <feature.Field field={fragment.field} pageId={pageId} pageName={pageName} />
      ) : (
        <FieldPlaceholder field={fragment.field} />
      );
    case 'formula':
      return (
        <FormulaFragment
          formula={fragment.formula}
          text={workbook ? workbook.formulaText(fragment.formula.body) : null}
        />
      );
  }
}
