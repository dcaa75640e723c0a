import { RESERVED_IDS } from '../content-pack';
import { parseAiken } from './paste-aiken';
import { FragmentBuilder, type PasteFormat, type PasteResult } from './paste-fragments';
import { parseGift } from './paste-gift';

export interface PasteOptions {
  /** Makes a new id (valid for idSchema); fresh ids are drawn until none is in `taken`. */
  newId?: () => string;
  /** Ids already used in the topic. */
  taken?: Iterable<string>;
}

/**
 * Reads questions pasted as GIFT or Aiken into field fragments of the content-pack shape, their
 * texts in `locale`. Scored questions get a weight of 1 and their correct values; what cannot be
 * read is named line by line in `problems`, and the caller adds nothing while there is one.
 */
export function parseQuestions(
  text: string,
  format: PasteFormat,
  locale: string,
  options: PasteOptions = {},
): PasteResult {
  const ids = idMaker(options);
  const builder = new FragmentBuilder(locale, ids);
  const result = format === 'gift' ? parseGift(text, builder) : parseAiken(text, builder);
  if (!result.fragments.length && !result.problems.length)
    result.problems.push({ line: 1, code: 'empty' });
  return result;
}

const randomId = () => `q${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}`;

function idMaker(options: PasteOptions): () => string {
  const make = options.newId ?? randomId;
  const taken = new Set<string>([...RESERVED_IDS, ...(options.taken ?? [])]);
  return () => {
    for (let attempt = 0; attempt < 1_000; attempt++) {
      const id = make();
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
    throw new Error('newId keeps returning ids that are taken');
  };
}
