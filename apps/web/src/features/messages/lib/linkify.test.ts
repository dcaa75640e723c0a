import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes http and https addresses into links and keeps the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1 and http://x.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links javascript:, data: or other schemes', () => {
    for (const body of [
      'javascript:alert(1)',
      'click javascript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
    ]) {
      expect(linkify(body), body).toEqual([{ kind: 'text', text: body }]);
    }
  });

  it('leaves HTML as text', () => {
    const body = '<b>bold</b> <a href="https://evil.test">x</a>';
    const parts = linkify(body);
    expect(parts.map((part) => part.text).join('')).toBe(body);
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual([
      'https://evil.test',
    ]);
  });

  it('keeps a closing parenthesis outside unless the address opened one', () => {
    expect(linkify('(see https://a.test/x)')[1]).toEqual({
      kind: 'link',
      text: 'https://a.test/x',
      href: 'https://a.test/x',
    });
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar)')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
  });

  it('keeps line breaks in the text parts', () => {
    expect(linkify('one\ntwo')).toEqual([{ kind: 'text', text: 'one\ntwo' }]);
  });
});
