import { addReferenceMessages } from './messages';

let studioMessages: Promise<void> | undefined;

/**
 * Loads the studio's part of the en-US catalog (`studio.…`, catalog-parts.ts), once: the studio's
 * screens wait for it, and no learner screen ever downloads it (the learner's size budget).
 */
export function loadStudioMessages(): Promise<void> {
  studioMessages ??= import('./en-US.json?studio').then(
    ({ default: studio }) => addReferenceMessages(studio),
    (error: unknown) => {
      studioMessages = undefined;
      throw error;
    },
  );
  return studioMessages;
}
