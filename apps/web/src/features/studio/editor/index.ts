export {
  PageEditor,
  type GlossaryInput,
  type PageEditorHandle,
  type PageEditorProps,
} from './page-editor';
