export { PageEditor } from './page-editor';
export type { GlossaryInput, PageEditorHandle, PageEditorProps } from './page-editor-types';
