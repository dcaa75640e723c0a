import { Outlet } from 'react-router';
import { FieldSlot } from '../features/fields';
import { WorkbookProvider } from '../features/workbook';

/**
 * The learner's workbook around the screens that show or change answers (the topics list, a
 * topic and its pages, the print view): features never import each other, so the workbook
 * (features/workbook) and the fields (features/fields) meet here, in their own chunk, which the
 * first page never loads. The screens reach them through lib/workbook.ts.
 */
export function WorkbookBoundary() {
  return (
    <WorkbookProvider Field={FieldSlot}>
      <Outlet />
    </WorkbookProvider>
  );
}
