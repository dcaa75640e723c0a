/**
 * The studio's page editor (issue 26). Props-driven, no API calls: the shell gives it a page in the
 * content-pack shape, the organisation's locales, its glossary and the answer counts
 * (GET /studio/topic/{topicId}/answers), and saves what `onChange` sends. Through its `ref`
 * (PageEditorHandle) the shell can insert fragments (the paste-questions dialog), flush a waiting
 * change before a save, read the page, focus the editor and select a block by fragment id.
 *
 * A page passed in with other fragments than the last one sent (a 409's draft, a restore) is
 * loaded in place of the document; one that differs only in its own settings (name) is not.
 */
export { PageEditor } from './page-editor';
export type { GlossaryInput, PageEditorHandle, PageEditorProps } from './page-editor-types';
