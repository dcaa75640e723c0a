import type { GlossaryEntry } from '@portal/domain';
import { createContext, useContext } from 'react';

/** What the blocks drawn in the editor need of the page editor around them. */
export interface StudioEditorContextValue {
  locales: readonly string[];
  /** The locale blocks are drawn in: the interface's when the organisation offers it. */
  displayLocale: string;
  /** The glossary in the display locale, as learners see it. */
  glossary: readonly GlossaryEntry[];
  answerCounts: Readonly<Record<string, number>>;
  moveBlock: (pos: number, direction: -1 | 1) => void;
  removeBlock: (pos: number) => void;
}

export const StudioEditorContext = createContext<StudioEditorContextValue | null>(null);

export function useStudioEditor(): StudioEditorContextValue {
  const value = useContext(StudioEditorContext);
  if (!value) throw new Error('useStudioEditor outside PageEditor');
  return value;
}
