import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong> and <em>calm</em> start.</p><ul><li>one</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts and their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers', () => {
    const clean = sanitizeHtml(
      '<img src="/media/a.png" alt="A" onerror="alert(1)"><p onclick="x()">t</p>',
    );
    expect(clean).not.toMatch(/onerror|onclick|alert/);
    expect(clean).toContain('<img src="/media/a.png" alt="A">');
  });

  it('keeps images of the portal only: no author HTML makes the browser call another host', () => {
    expect(sanitizeHtml('<img src="/media/a.png" alt="a">')).toBe(
      '<img src="/media/a.png" alt="a">',
    );
    for (const src of [
      'https://evil.example/pixel.png',
      'http://evil.example/p.png',
      '//evil.example/p.png',
      '/\\evil.example/p.png',
      'data:text/html,<script>alert(1)</script>',
    ])
      expect(sanitizeHtml(`<img src="${src}" alt="a">`)).toBe('<img alt="a">');
  });

  it('removes javascript: addresses', () => {
    const clean = sanitizeHtml(
      '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(2)">y</a>',
    );
    expect(clean).not.toMatch(/javascript/i);
  });

  it('gives links rel="noopener noreferrer" and only href and title', () => {
    const clean = sanitizeHtml(
      '<a href="https://example.com" title="T" target="_blank" style="color:red">go</a>',
    );
    const link = new DOMParser().parseFromString(clean, 'text/html').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com');
    expect(link?.getAttribute('title')).toBe('T');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.hasAttribute('target')).toBe(false);
    expect(link?.hasAttribute('style')).toBe(false);
  });

  it('keeps formula references on spans but no other attributes', () => {
    const clean = sanitizeHtml(
      '<span data-ref="q1" data-use="score" class="x" data-other="y">ref</span>',
    );
    expect(clean).toBe('<span data-ref="q1" data-use="score">ref</span>');
  });

  it('drops elements outside the list but keeps their text', () => {
    expect(
      sanitizeHtml('<div><h1>Big</h1><iframe src="https://evil.test"></iframe>text</div>'),
    ).toBe('Bigtext');
    expect(sanitizeHtml('<style>p{}</style><form><input></form><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('does not let attributes move between elements', () => {
    expect(sanitizeHtml('<p title="t" data-ref="q">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<img src="/a.png" href="/b" title="t" alt="a">')).toBe(
      '<img src="/a.png" alt="a">',
    );
  });
});
