import { fragmentSchema, type Fragment } from '@portal/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../../../test/render';
import { PasteQuestionsDialog } from './paste-questions-dialog';

function Opener({
  onInsert,
  locale,
}: {
  onInsert: (fragments: Fragment[]) => void;
  locale?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PasteQuestionsDialog
        open={open}
        onClose={() => setOpen(false)}
        onInsert={onInsert}
        takenIds={['used']}
        {...(locale && { locale })}
      />
    </>
  );
}

function openDialog(uiLocale = 'en-US', locale?: string) {
  const onInsert = vi.fn<(fragments: Fragment[]) => void>();
  const { container } = render(
    <IntlProvider locale={uiLocale} messages={messagesFor(uiLocale)}>
      <Opener onInsert={onInsert} {...(locale && { locale })} />
    </IntlProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { onInsert, container, dialog: screen.getByRole('dialog') };
}

const paste = (dialog: HTMLElement, label: string | RegExp, text: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: label }), {
    target: { value: text },
  });

async function expectNoAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { region: { enabled: false } } });
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}

// The first render loads react-intl, the dialog and the domain: over 4 s on a busy two-core machine.
describe('PasteQuestionsDialog', { timeout: 20_000 }, () => {
  it('reads GIFT, lists the questions, and adds them as valid field fragments on confirm', async () => {
    const { dialog, onInsert } = openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Paste questions' })).toBeDefined();
    expect(within(dialog).getByRole('radio', { name: 'GIFT' })).toHaveProperty('checked', true);
    const add = within(dialog).getByRole('button', { name: 'Add 0 questions' });
    expect(add).toHaveProperty('disabled', true);

    paste(
      dialog,
      'Questions to paste',
      'What makes bread rise? {=Yeast ~Salt}\n\n::Oven:: Oven temperature? {#230:10}',
    );
    const check = await within(dialog).findByText('2 questions are ready to add:');
    expect(check).toBeDefined();
    expect(within(dialog).getByText('What makes bread rise?')).toBeDefined();
    expect(within(dialog).getByText('(Multiple choice)')).toBeDefined();
    expect(within(dialog).getByText('(Number)')).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 questions' }));
    expect(onInsert).toHaveBeenCalledTimes(1);
    const fragments = onInsert.mock.calls[0]?.[0] ?? [];
    expect(fragments).toHaveLength(2);
    for (const fragment of fragments) expect(fragmentSchema.parse(fragment)).toEqual(fragment);
    expect(fragments[1]).toMatchObject({
      type: 'field',
      field: { name: { 'en-US': 'Oven' }, type: 'number', correctValue: 230, tolerance: 10 },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names every unreadable line with its number and text, and adds nothing', async () => {
    const { dialog, onInsert } = openDialog();
    paste(
      dialog,
      'Questions to paste',
      'Good {T}\n\nNo answers here\n\nMulti\nline {=x\n~y ~%abc%z}',
    );
    await within(dialog).findByText(
      '2 questions could not be read. Nothing is added until every line can be read.',
    );
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Line 3 This question has no answers in braces.No answers here',
      'Line 7, in the question of lines 5 to 7 These answers cannot be read: each starts with = (right) or ~ (wrong).~y ~%abc%z}',
    ]);
    const add = within(dialog).getByRole('button', { name: 'Add 1 question' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(add);
    expect(onInsert).not.toHaveBeenCalled();
  });

  it('reads Aiken once chosen, in French, writing the texts in the content locale', async () => {
    const { dialog, onInsert } = openDialog('fr-CA', 'fr-CA');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Aiken' }));
    paste(
      dialog,
      'Questions à coller',
      'Quelle farine?\nA) Blanche\nB) Seigle\nANSWER: B\n\nSans réponse\nA) x\nB) y',
    );
    await within(dialog).findByText(
      '1 question n’a pas pu être lue. Rien n’est ajouté tant que chaque ligne n’est pas lisible.',
    );
    expect(within(dialog).getByText('Cette question n’a pas de ligne ANSWER.')).toBeDefined();
    expect(within(dialog).getByText('Lignes 6 à 8')).toBeDefined();

    paste(dialog, 'Questions à coller', 'Quelle farine?\nA) Blanche\nB) Seigle\nANSWER: B');
    await within(dialog).findByText('1 question est prête à être ajoutée :');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter 1 question' }));
    expect(onInsert.mock.calls[0]?.[0][0]).toMatchObject({
      field: {
        name: { 'fr-CA': 'Quelle farine?' },
        correctValue: 'B',
        pickList: [{ label: { 'fr-CA': 'Blanche' } }, { label: { 'fr-CA': 'Seigle' } }],
      },
    });
  });

  it('shows what was read with a change (partial credit, feedback)', async () => {
    const { dialog } = openDialog();
    paste(dialog, 'Questions to paste', 'Pick {=a ~%50%b#close}');
    await within(dialog).findByText('Read with these changes:');
    expect(
      within(dialog).getByText(
        '“b” gives partial credit, which the studio does not score: it counts as wrong.',
      ),
    ).toBeDefined();
    expect(within(dialog).getByText('Feedback (after #) is left out.')).toBeDefined();
  });

  it('cancels without adding, and is axe-clean with problems shown', async () => {
    const { dialog, onInsert, container } = openDialog();
    paste(dialog, 'Questions to paste', 'Broken {=a');
    await within(dialog).findByText('The brace that opens the answers is never closed.');
    await expectNoAxeViolations(container);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onInsert).not.toHaveBeenCalled();
  });
});
