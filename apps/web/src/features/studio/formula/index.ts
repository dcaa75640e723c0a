/**
 * The studio's formula and show-condition editors (issue 26): embedded by the page editor
 * through their props; they read the topic being edited and never fetch.
 */
export { FormulaEditor, type FormulaEditorProps } from './components/formula-editor';
export {
  ShowConditionEditor,
  type ShowCondition,
  type ShowConditionEditorProps,
} from './components/show-condition-editor';
export { formulaHtml, parseFormulaHtml, type FormulaSegment } from './lib/formula-html';
