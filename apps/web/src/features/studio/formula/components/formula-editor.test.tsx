import { topicSchema, type FormulaTest, type Topic } from '@portal/domain';
import type { Editor } from '@tiptap/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../../../../test/render';
import { FormulaEditor, type FormulaEditorProps } from './formula-editor';
import { ShowConditionEditor, type ShowCondition } from './show-condition-editor';

const ref = (id: string, use?: 'score' | 'max') =>
  `<span data-ref="${id}"${use ? ` data-use="${use}"` : ''}></span>`;

const topic: Topic = topicSchema.parse({
  _id: 'budget',
  name: { 'en-US': 'Budget', 'fr-CA': 'Budget' },
  pages: [
    {
      _id: 'money',
      name: { 'en-US': 'Money', 'fr-CA': 'Argent' },
      fragments: [
        {
          _id: 'fr-income',
          type: 'field',
          field: {
            _id: 'income',
            name: 'Income',
            question: { 'en-US': '<p>Monthly income</p>', 'fr-CA': '<p>Revenu mensuel</p>' },
            type: 'number',
          },
        },
        {
          _id: 'fr-quiz',
          type: 'field',
          field: { _id: 'quiz', name: 'Quiz', type: 'number', scoreWeight: 1, correctValue: 42 },
        },
        {
          _id: 'fr-yearly',
          type: 'formula',
          formula: { _id: 'yearly', name: 'Yearly income', body: `${ref('income')} * 12` },
        },
        {
          _id: 'fr-double',
          type: 'formula',
          formula: { _id: 'double', name: 'Double', body: `${ref('yearly')} * 2` },
        },
      ],
    },
  ],
});

// ProseMirror measures the caret to scroll it into view; jsdom lays nothing out.
beforeAll(() => {
  const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  const box = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= none as unknown as Range['getClientRects'];
  Range.prototype.getBoundingClientRect ??= box;
});

type Props = Partial<FormulaEditorProps> & { locale?: string };

function renderEditor(props: Props = {}) {
  const onChange = vi.fn();
  const onTestsChange = vi.fn();
  const locale = props.locale ?? 'en-US';
  function Harness() {
    const [value, setValue] = useState(props.value ?? '');
    const [tests, setTests] = useState<FormulaTest[]>([...(props.tests ?? [])]);
    return (
      <FormulaEditor
        topic={topic}
        locale={locale}
        {...props}
        value={value}
        onChange={(body) => {
          setValue(body);
          onChange(body);
        }}
        tests={tests}
        {...(props.onTestsChange !== undefined && {
          onTestsChange: (next: FormulaTest[]) => {
            setTests(next);
            onTestsChange(next);
          },
        })}
      />
    );
  }
  const view = render(
    <IntlProvider locale={locale} messages={messagesFor(locale)}>
      <main>
        <Harness />
      </main>
    </IntlProvider>,
  );
  return { ...view, onChange, onTestsChange };
}

/** The TipTap editor behind the input (TipTap hangs it on its element). */
function editorOf(input: HTMLElement): Editor {
  const editor = (input as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('no editor on the input');
  return editor;
}

/** Types text at the caret as the keyboard would, through ProseMirror's input handling. */
function type(input: HTMLElement, text: string) {
  const editor = editorOf(input);
  act(() => {
    if (document.activeElement !== input) {
      input.focus();
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    }
    for (const char of text) {
      const { from, to } = editor.state.selection;
      const handled = editor.view.someProp('handleTextInput', (f) =>
        f(editor.view, from, to, char, () => editor.state.tr.insertText(char, from, to)),
      );
      if (!handled) editor.view.dispatch(editor.state.tr.insertText(char, from, to));
    }
  });
}

const key = (input: HTMLElement, name: string) =>
  act(() => {
    fireEvent.keyDown(input, { key: name });
  });

async function expectNoAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { region: { enabled: false } } });
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

describe('FormulaEditor', () => {
  it('shows references as chips with the question, and writes the spans back exactly', async () => {
    const body = `round(${ref('income')} * 12) + ${ref('quiz', 'score')} > ${ref('topic', 'max')}`;
    const { onChange } = renderEditor({ value: body });
    const input = await screen.findByRole('combobox', { name: 'Formula' });
    const chips = [...input.querySelectorAll('.formula-chip')].map((c) => c.textContent);
    expect(chips).toEqual(['Monthly income', 'Quiz (score)', 'Budget (maximum score)']);
    expect(onChange).not.toHaveBeenCalled();
    type(input, ' ');
    expect(onChange).toHaveBeenLastCalledWith(`${body} `);
  });

  it('completes a reference by keyboard: arrows, Enter, Escape', async () => {
    const { onChange } = renderEditor({ value: '2 * ' });
    const input = await screen.findByRole('combobox', { name: 'Formula' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    type(input, '@inc');
    const list = screen.getByRole('listbox', { name: 'References' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Monthly income answer',
      'Yearly income formula',
    ]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');

    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    key(input, 'ArrowUp');
    key(input, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(`2 * ${ref('yearly')} `);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.querySelector('.formula-chip')?.textContent).toBe('Yearly income');

    // A word starts a completion too; Escape closes it and typing on keeps it closed.
    type(input, '+ qui');
    expect(screen.getByRole('listbox').hidden).toBe(false);
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type(input, 'z');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenLastCalledWith(`2 * ${ref('yearly')} + quiz`);
  });

  it('offers scores of scored questions, pages and the topic', async () => {
    renderEditor({});
    const input = await screen.findByRole('combobox');
    type(input, '@quiz');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Quiz answer',
      'Quiz question score',
      'Quiz question maximum score',
    ]);
    key(input, 'ArrowDown');
    key(input, 'Tab');
    expect(input.querySelector('.formula-chip')?.textContent).toBe('Quiz (score)');
  });

  it('shows the value against the sample answers as the author types', async () => {
    renderEditor({ value: `${ref('income')} * 12`, sampleAnswers: { income: 1000 } });
    const input = await screen.findByRole('combobox');
    expect(screen.getByText('With the sample answers: 12,000')).toBeTruthy();
    type(input, ' + 0.5');
    expect(screen.getByText('With the sample answers: 12,000.5')).toBeTruthy();
    type(input, ' /');
    expect(
      screen.getByText('With the sample answers: error (the formula ends too soon)'),
    ).toBeTruthy();
  });

  it('names unknown references and loops before saving, in French too', async () => {
    renderEditor({ value: `${ref('ghost')} + ${ref('double')}`, formulaId: 'yearly' });
    const input = await screen.findByRole('combobox');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.querySelector('.formula-chip--problem')?.textContent).toBe(
      'Unknown reference ghost',
    );
    expect(
      screen.getByText('“ghost” is not a question, page or formula of this topic.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Formulas use each other in a loop: Yearly income → Double → Yearly income'),
    ).toBeTruthy();
  });

  it('speaks fr-CA', async () => {
    renderEditor({ value: ref('income'), locale: 'fr-CA', sampleAnswers: { income: 1234.5 } });
    const input = await screen.findByRole('combobox', { name: 'Formule' });
    expect(input.querySelector('.formula-chip')?.textContent).toBe('Revenu mensuel');
    expect(screen.getByText(/^Avec les réponses d’exemple : 1\s234,5$/)).toBeTruthy();
  });

  it('keeps test cases: add, give answers, expect, pass or fail, remove', async () => {
    const { onTestsChange } = renderEditor({
      value: `${ref('yearly')} + 1`,
      onTestsChange: vi.fn(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a test case' }));
    const test = screen.getByRole('group', { name: 'Test case 1' });
    fireEvent.change(within(test).getByLabelText('Monthly income'), { target: { value: '10' } });
    fireEvent.change(within(test).getByLabelText('Expected value'), { target: { value: '121' } });
    expect(onTestsChange).toHaveBeenLastCalledWith([{ answers: { income: 10 }, expect: '121' }]);
    expect(within(test).getByText('Passes: the formula gives 121.')).toBeTruthy();
    fireEvent.change(within(test).getByLabelText('Expected value'), { target: { value: '120' } });
    expect(within(test).getByText('Fails: the formula gives 121.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run the tests' }));
    expect(screen.getByText('0 of 1 tests pass.')).toBeTruthy();

    fireEvent.click(within(test).getByRole('button', { name: 'Remove test case 1' }));
    expect(onTestsChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('Test case 1 removed.')).toBeTruthy();
  });

  it('is axe-clean, completion open and with test cases', async () => {
    const { container } = renderEditor({
      value: `${ref('ghost')} + 1`,
      onTestsChange: vi.fn(),
      tests: [{ name: 'one', answers: { income: 1 }, expect: '2' }],
    });
    const input = await screen.findByRole('combobox');
    type(input, ' @inc');
    await expectNoAxeViolations(container);
  });
});

describe('ShowConditionEditor', () => {
  it('switches a condition on, edits it, shows whether it holds, and keeps it when off', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<ShowCondition | undefined>(undefined);
      return (
        <ShowConditionEditor
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
          topic={topic}
          locale="en-US"
          sampleAnswers={{ income: 5 }}
          target="page"
        />
      );
    }
    const { container } = render(
      <IntlProvider locale="en-US" messages={messagesFor('en-US')}>
        <main>
          <Harness />
        </main>
      </IntlProvider>,
    );
    const toggle = screen.getByRole('checkbox', {
      name: 'Show this page only when a condition holds',
    });
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith({ enabled: true, formula: { body: '' } });
    const input = await screen.findByRole('combobox', { name: 'Condition' });
    type(input, '@monthly');
    key(input, 'Enter');
    type(input, '> 3');
    expect(onChange).toHaveBeenLastCalledWith({
      enabled: true,
      formula: { body: `${ref('income')} > 3` },
    });
    await waitFor(() => expect(screen.getByText('With the sample answers: shown')).toBeTruthy());
    await expectNoAxeViolations(container);
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith({
      enabled: false,
      formula: { body: `${ref('income')} > 3` },
    });
  });
});
