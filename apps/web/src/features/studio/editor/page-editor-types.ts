import type { Fragment, Page, Topic } from '@portal/domain';
import type { Ref } from 'react';

/** A glossary entry as the organisation's settings hold it (the definition in each locale). */
export interface GlossaryInput {
  word: string;
  plural?: string;
  definition: string | Record<string, string>;
}

/** What the shell may ask of the editor. */
export interface PageEditorHandle {
  /** Adds fragments after the selected block (new ids where one is taken already). */
  insertFragments: (fragments: Fragment[]) => void;
  /** Sends the page now if a change is waiting (before a save, say). */
  flush: () => void;
  /** The page as it stands now. */
  getPage: () => Page;
  focus: () => void;
  /** Selects a block by its fragment id (its inspector opens) and brings it into view. */
  select: (fragmentId: string) => boolean;
}

export interface PageEditorProps {
  /** The page in the content-pack shape (pageSchema). */
  page: Page;
  /** The organisation's locales, the first the default (e.g. ['en-US', 'fr-CA']). */
  locales: readonly string[];
  glossary: readonly GlossaryInput[];
  /** Learners with an answer, by field id. */
  answerCounts: Readonly<Record<string, number>>;
  /** The page after a change: at most once per `debounceMs` while typing, at once on blur. */
  onChange: (page: Page) => void;
  debounceMs?: number;
  /**
   * The topic the page belongs to: with it, formulas and show conditions are edited with the
   * studio's formula editor (references completed, value shown); without it, as text.
   */
  topic?: Topic;
  ref?: Ref<PageEditorHandle>;
}

/** Inserts fragments with the editor's latest insert function (the '/' menu is made once). */
export class Inserter {
  private run: (fragments: Fragment[]) => void = () => {};
  set(run: (fragments: Fragment[]) => void) {
    this.run = run;
  }
  insert = (fragments: Fragment[]) => this.run(fragments);
}
