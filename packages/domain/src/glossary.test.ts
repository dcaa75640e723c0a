import { describe, expect, it } from 'vitest';
import { markGlossary } from './glossary';

const glossary = [
  { word: 'budget', plural: 'budgets', definition: 'A plan for money' },
  { word: 'liability', plural: 'liabilities', definition: 'What you owe' },
  { word: 'interest', definition: 'The price of money' },
  { word: 'net worth', definition: 'Assets minus liabilities' },
];
const mark = (word: string, i: number) =>
  `<span class="glossary-term" data-glossary="${i}">${word}</span>`;

describe('markGlossary', () => {
  it('marks whole words, case-insensitively, keeping their case', () => {
    expect(markGlossary('<p>Make a Budget.</p>', glossary)).toBe(
      `<p>Make a ${mark('Budget', 0)}.</p>`,
    );
    expect(markGlossary('<p>budgeting is not a word here</p>', glossary)).toBe(
      '<p>budgeting is not a word here</p>',
    );
  });
  it('marks plurals, given or made', () => {
    expect(markGlossary('Two budgets and liabilities; interests.', glossary)).toBe(
      `Two ${mark('budgets', 0)} and ${mark('liabilities', 1)}; ${mark('interests', 2)}.`,
    );
  });
  it('marks phrases and prefers the longest term', () => {
    expect(markGlossary('Your net worth grows.', glossary)).toBe(
      `Your ${mark('net worth', 3)} grows.`,
    );
  });
  it('never marks inside tags, attributes, entities, links or code', () => {
    const html =
      '<img alt="budget" src="/budget.png"><a href="/x">a budget</a> &budget; <code>budget</code> <em>budget</em>';
    expect(markGlossary(html, glossary)).toBe(
      `<img alt="budget" src="/budget.png"><a href="/x">a budget</a> &budget; <code>budget</code> <em>${mark('budget', 0)}</em>`,
    );
  });
  it('does not mark twice', () => {
    const once = markGlossary('<p>budget</p>', glossary);
    expect(markGlossary(once, glossary)).toBe(once);
  });
  it('works on letters beyond ASCII', () => {
    expect(markGlossary('Le budgétaire et le budget', [{ word: 'budget', definition: 'x' }])).toBe(
      `Le budgétaire et le ${mark('budget', 0)}`,
    );
  });
  it('leaves text alone without a glossary', () => {
    expect(markGlossary('<p>x</p>', [])).toBe('<p>x</p>');
  });
});
