import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredSafeHtml } from './deferred-safe-html';

const HTML =
  '<p onclick="x()">Safe <strong>bold</strong> <a href="javascript:alert(1)">link</a>' +
  '<img src="x" onerror="alert(1)"></p><script>x()</script><style>p{}</style>';

describe('DeferredSafeHtml', () => {
  it('shows the allowed elements and their text, with no attribute, before the sanitizer loads', () => {
    const { container } = render(<DeferredSafeHtml className="body" html={HTML} />);
    const body = container.querySelector('.body');
    expect(body?.textContent).toBe('Safe bold link');
    expect(body?.querySelector('strong')?.textContent).toBe('bold');
    expect(body?.querySelectorAll('[onclick], [href], [src], img, script, style')).toHaveLength(0);
  });

  it('then shows the sanitised HTML', async () => {
    const { container } = render(<DeferredSafeHtml className="body" html={HTML} />);
    await waitFor(() =>
      expect(container.querySelector('.body a')?.getAttribute('rel')).toBe('noopener noreferrer'),
    );
    const body = container.querySelector('.body');
    expect(body?.innerHTML).not.toMatch(/onclick|onerror|javascript|script|src=/);
    expect(body?.textContent).toBe('Safe bold link');
  });
});
