import { Outlet } from 'react-router';
import { FieldSlot } from '../features/fields';
import { PreviewLayout } from '../features/studio/preview';
import { WorkbookProvider } from '../features/workbook';

/**
 * The studio's preview of a draft (/studio/topic/{id}/preview/…): the learner's topic screens
 * in the studio preview's bar and sources (features/studio/preview), inside the workbook feature
 * (features/workbook) on the author's preview workbook, with the fields (features/fields).
 * Features never import each other, so they meet here, in a chunk no learner screen loads.
 */
export function StudioPreviewBoundary() {
  return (
    <PreviewLayout>
      {(source) => (
        // Each reset of the answers is a new source: every field and the store start afresh.
        <WorkbookProvider key={source.generation} source={source} Field={FieldSlot}>
          <Outlet />
        </WorkbookProvider>
      )}
    </PreviewLayout>
  );
}
