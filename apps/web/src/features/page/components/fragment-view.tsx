import type { FragmentView as Fragment } from '@portal/domain';
import { AttachmentFragment } from './attachment-fragment';
import { ContentFragment } from './content-fragment';
import { FieldPlaceholder } from './field-placeholder';
import { FormulaPlaceholder } from './formula-placeholder';

/** One fragment of a page, by its type (spec §1: content, field, attachment, formula). */
export function FragmentView({ fragment, pageId }: { fragment: Fragment; pageId: string }) {
  switch (fragment.type) {
    case 'content':
      return <ContentFragment content={fragment.content} pageId={pageId} />;
    case 'attachment':
      return <AttachmentFragment attachment={fragment.attachment} />;
    case 'field':
      return <FieldPlaceholder field={fragment.field} />;
    case 'formula':
      return <FormulaPlaceholder formula={fragment.formula} />;
  }
}
