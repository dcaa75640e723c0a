import { FIELD_TYPES, type Fragment, type Page } from '@portal/domain';
import { newFieldFragment } from '../model/new-fragments';

const WORDS =
  'the dough rises slowly while flour water salt and yeast work together in a warm kitchen before baking'.split(
    ' ',
  );
const MOTS =
  'la pâte lève lentement pendant que farine eau sel et levure travaillent ensemble dans une cuisine chaude'.split(
    ' ',
  );

function prose(words: string[], count: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) out.push(words[(i * 7 + seed) % words.length]!);
  const paragraphs: string[] = [];
  for (let i = 0; i < out.length; i += 60)
    paragraphs.push(`<p>${out.slice(i, i + 60).join(' ')}.</p>`);
  return paragraphs.join('');
}

/** A page of `words` words in each of two locales, in `fields` text blocks with a field after each. */
export function bigPage(words = 5_000, fields = 40): Page {
  const fragments: Fragment[] = [];
  const perBlock = Math.ceil(words / fields);
  const labels = { question: 'Question', choice: (n: number) => `Choice ${n}`, formula: 'Formula' };
  for (let i = 0; i < fields; i += 1) {
    fragments.push({
      _id: `text-${i}`,
      type: 'content',
      content: {
        'en-US': `<h3>Step ${i + 1}</h3>${prose(WORDS, perBlock, i)}`,
        'fr-CA': `<h3>Étape ${i + 1}</h3>${prose(MOTS, perBlock, i)}`,
      },
    });
    const type = FIELD_TYPES[i % FIELD_TYPES.length]!;
    const field = newFieldFragment(type, ['en-US', 'fr-CA'], labels);
    fragments.push({
      ...field,
      _id: `block-${i}`,
      ...(field.type === 'field' && { field: { ...field.field, _id: `field-${i}` } }),
    } as Fragment);
  }
  return { _id: 'big', name: 'Big page', visibility: 'Public', fragments };
}
