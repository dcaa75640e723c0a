/** The words the editor's plain DOM parts show (node views outside React), in the interface's language. */
export interface EditorLabels {
  textBlock: string;
  dragHandle: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  untranslated: string;
  localeNames: Readonly<Record<string, string>>;
}
