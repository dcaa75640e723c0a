import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlossaryHtml, withTermAttributes } from './glossary-html';

const glossary = [
  { word: 'budget', plural: 'budgets', definition: 'A plan for your money.' },
  { word: 'interest', definition: 'The price of borrowing money.' },
];

function setup(html = '<p>Make a budget. Budgets help. <a href="/x">budget link</a></p>') {
  render(<GlossaryHtml html={html} glossary={glossary} className="prose" />);
  return screen.getAllByRole('term');
}

afterEach(() => vi.useRealTimers());

describe('GlossaryHtml', () => {
  it('marks glossary words and their plurals, not inside links, and makes them focusable', () => {
    const terms = setup();
    expect(terms.map((term) => term.textContent)).toEqual(['budget', 'Budgets']);
    // The first occurrence of a term is its one Tab stop.
    expect(terms.map((term) => term.tabIndex)).toEqual([0, -1]);
    for (const term of terms) {
      const tooltip = document.getElementById(term.getAttribute('aria-describedby') ?? '');
      expect(tooltip?.getAttribute('role')).toBe('tooltip');
      expect(tooltip?.textContent).toBe('budget: A plan for your money.');
    }
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('sanitises the HTML before marking it', () => {
    setup('<p onclick="alert(1)">A budget<script>alert(2)</script></p>');
    expect(document.querySelector('script, [onclick]')).toBeNull();
  });

  it('shows the definition on hover and hides it when the pointer leaves', () => {
    vi.useFakeTimers();
    const [term] = setup();
    if (!term) throw new Error('a term');
    fireEvent.mouseOver(term);
    expect(screen.getByRole('tooltip').textContent).toMatch('A plan for your money.');
    fireEvent.mouseOut(term, { relatedTarget: document.body });
    expect(screen.getByRole('tooltip')).toBeDefined();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps the definition while the pointer moves onto it', () => {
    vi.useFakeTimers();
    const [term] = setup();
    if (!term) throw new Error('a term');
    fireEvent.mouseOver(term);
    const tooltip = screen.getByRole('tooltip');
    fireEvent.mouseOut(term, { relatedTarget: tooltip });
    fireEvent.mouseOver(tooltip);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBe(tooltip);
  });

  it('shows the definition on keyboard focus and hides it on blur', () => {
    const [term] = setup();
    if (!term) throw new Error('a term');
    act(() => term.focus());
    expect(screen.getByRole('tooltip').id).toBe(term.getAttribute('aria-describedby'));
    act(() => term.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('hides the definition with Escape, focus staying on the word', () => {
    const [term] = setup();
    if (!term) throw new Error('a term');
    act(() => term.focus());
    expect(screen.getByRole('tooltip')).toBeDefined();
    fireEvent.keyDown(term, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(term);
  });

  it('renders plain HTML when no glossary word appears', () => {
    render(<GlossaryHtml html="<p>Nothing to see.</p>" glossary={glossary} />);
    expect(screen.queryByRole('term')).toBeNull();
    expect(screen.getByText('Nothing to see.')).toBeDefined();
  });
});

describe('withTermAttributes', () => {
  it('rewrites the marks markGlossary writes', () => {
    expect(
      withTermAttributes('<span class="glossary-term" data-glossary="3">tax</span>', 'g-'),
    ).toBe(
      '<span class="glossary-term" data-glossary="3" tabindex="0" role="term" aria-describedby="g-3">tax</span>',
    );
  });
  it('makes only the first occurrence of a term a Tab stop, and none that another owns', () => {
    const mark = (i: number, word: string) =>
      `<span class="glossary-term" data-glossary="${i}">${word}</span>`;
    const html = withTermAttributes(
      `${mark(1, 'tax')} ${mark(2, 'fee')} ${mark(1, 'taxes')} ${mark(3, 'rate')}`,
      'g-',
      (index) => index !== 3,
    );
    expect(html.match(/tabindex="0"/g)).toHaveLength(2);
    expect(html).toContain('data-glossary="1" tabindex="0"');
    expect(html).toContain('data-glossary="2" tabindex="0"');
    expect(html).toContain('data-glossary="1" role="term"');
    expect(html).toContain('data-glossary="3" role="term"');
  });
});
