import { describe, expect, it } from 'vitest';
import { sanitizeAuthorHtml, sanitizeLocalisedHtml } from './html';

describe('sanitizeAuthorHtml', () => {
  it('keeps the markup authors use', () => {
    const html =
      '<h2>Budget</h2><p><strong>Save</strong> <a href="https://example.com" title="x">more</a></p>';
    expect(sanitizeAuthorHtml(html)).toBe(
      '<h2>Budget</h2><p><strong>Save</strong> <a href="https://example.com" title="x" rel="noopener noreferrer">more</a></p>',
    );
  });
  it('keeps formula references', () => {
    expect(sanitizeAuthorHtml('<span data-ref="q1" data-use="score"></span>')).toBe(
      '<span data-ref="q1" data-use="score"></span>',
    );
  });
  it('strips scripts, event handlers and javascript: links', () => {
    const out = sanitizeAuthorHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">b</a><iframe src="https://e"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript|iframe/);
    expect(out).toContain('<p>a</p>');
  });
  it('sanitises every locale of localised HTML', () => {
    expect(
      sanitizeLocalisedHtml({
        'en-US': '<b>a</b><script>1</script>',
        'fr-CA': '<i onmouseover="x">b</i>',
      }),
    ).toEqual({
      'en-US': '<b>a</b>',
      'fr-CA': '<i>b</i>',
    });
  });
});
