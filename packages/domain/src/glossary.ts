export interface GlossaryEntry {
  word: string;
  plural?: string;
  definition: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Elements whose text is never marked: links (a term inside a link would be a link in a link), code, and existing marks. */
const SKIPPED = new Set(['a', 'code', 'pre', 'button', 'script', 'style', 'textarea']);

function termsOf(entry: GlossaryEntry): string[] {
  const word = entry.word.trim();
  if (!word) return [];
  const plural =
    entry.plural?.trim() ||
    (/(s|x|z|ch|sh)$/i.test(word)
      ? `${word}es`
      : /[^aeiou]y$/i.test(word)
        ? `${word.slice(0, -1)}ies`
        : `${word}s`);
  return [word, plural];
}

/**
 * Marks glossary words in author HTML (already sanitised): whole words, case-insensitive, the
 * plural too; never inside a tag, an attribute, an entity, a link or code. Each mark is
 * `<span class="glossary-term" data-glossary="INDEX">word</span>`, INDEX being the entry's place
 * in `glossary`, so the page can show its definition.
 */
export function markGlossary(html: string, glossary: readonly GlossaryEntry[]): string {
  const byTerm = new Map<string, number>();
  glossary.forEach((entry, index) => {
    for (const term of termsOf(entry))
      if (!byTerm.has(term.toLowerCase())) byTerm.set(term.toLowerCase(), index);
  });
  if (!byTerm.size) return html;
  const alternatives = [...byTerm.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(${alternatives.join('|')})(?![\\p{L}\\p{N}_])`,
    'giu',
  );

  const skipStack: string[] = [];
  return html
    .split(/(<[^>]*>)/)
    .map((token) => {
      if (token.startsWith('<')) {
        const tag = /^<\s*(\/)?\s*([a-zA-Z0-9-]+)/.exec(token);
        if (tag?.[2]) {
          const name = tag[2].toLowerCase();
          const isClosing = Boolean(tag[1]);
          const isMark = name === 'span' && token.includes('glossary-term');
          if (!isClosing && (SKIPPED.has(name) || isMark) && !token.endsWith('/>'))
            skipStack.push(isMark ? 'span' : name);
          else if (isClosing && skipStack[skipStack.length - 1] === name) skipStack.pop();
        }
        return token;
      }
      if (skipStack.length || !token) return token;
      return token
        .split(/(&[#a-zA-Z0-9]+;)/)
        .map((piece) =>
          piece.startsWith('&') && piece.endsWith(';')
            ? piece
            : piece.replace(
                pattern,
                (match) =>
                  `<span class="glossary-term" data-glossary="${byTerm.get(match.toLowerCase())}">${match}</span>`,
              ),
        )
        .join('');
    })
    .join('');
}
