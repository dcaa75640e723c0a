import type { FieldView } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { FieldControl, type FileOptions } from './field-control';
import type { FileValue } from './file-field';

function field(overrides: Partial<FieldView> & Pick<FieldView, 'type'>): FieldView {
  return {
    _id: 'f',
    name: 'My answer',
    question: '<p>What do you think?</p>',
    isScored: false,
    ...overrides,
  };
}

/** Renders a field whose answer lives in state, as the workbook keeps it, recording the calls. */
function renderField(
  spec: FieldView,
  options: { value?: unknown; readOnly?: boolean; file?: FileOptions; locale?: string } = {},
) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  function Harness() {
    const [value, setValue] = useState<unknown>(options.value);
    return (
      <FieldControl
        field={spec}
        value={value}
        readOnly={options.readOnly}
        file={options.file}
        onChange={(next, saveOptions) => {
          setValue(next);
          onChange(next, saveOptions);
        }}
        onCommit={onCommit}
      />
    );
  }
  const org = options.locale ? sampleOrganisation({ currentLocale: options.locale }) : undefined;
  renderWithOrganisation(<Harness />, { org });
  return { onChange, onCommit };
}

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const pickList = [
  { _id: 'p1', value: 'rent', label: 'Rent' },
  { _id: 'p2', value: 'food', label: 'Groceries' },
];

describe('select', () => {
  it('offers an empty "Select a value" without a default, and saves a choice at once', () => {
    const { onChange } = renderField(field({ type: 'select', pickList }));
    const select = screen.getByLabelText<HTMLSelectElement>('My answer');
    expect([...select.options].map((o) => o.text)).toEqual(['Select a value', 'Rent', 'Groceries']);
    expect(select.value).toBe('');
    expect(describedText(select)).toBe('What do you think?');
    fireEvent.change(select, { target: { value: 'food' } });
    expect(onChange).toHaveBeenLastCalledWith('food', { save: true });
    expect(select.value).toBe('food');
  });

  it('has no empty option when the field has a default, which it shows', () => {
    renderField(field({ type: 'select', pickList, defaultValue: 'rent' }));
    const select = screen.getByLabelText<HTMLSelectElement>('My answer');
    expect([...select.options].map((o) => o.text)).toEqual(['Rent', 'Groceries']);
    expect(select.value).toBe('rent');
  });

  it('is disabled read-only', () => {
    renderField(field({ type: 'select', pickList }), { value: 'rent', readOnly: true });
    expect(screen.getByLabelText<HTMLSelectElement>('My answer').disabled).toBe(true);
  });
});

describe('number', () => {
  it('applies a number as it is typed and saves on blur', () => {
    const { onChange, onCommit } = renderField(field({ type: 'number' }));
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1250' } });
    expect(onChange).toHaveBeenLastCalledWith(1250, undefined);
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(onChange).toHaveBeenLastCalledWith(12.5, undefined);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(1);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null, undefined);
  });

  it('says what is wrong with text that is not a number, and keeps the last number', () => {
    const { onChange } = renderField(field({ type: 'number' }), { value: 40 });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    expect(input.value).toBe('40');
    fireEvent.change(input, { target: { value: '4o' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain('Enter a number, such as 1,250 or 12.5.');
  });

  it('waits for the blur before calling a lone minus sign an error', () => {
    renderField(field({ type: 'number' }));
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    fireEvent.change(input, { target: { value: '-' } });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps to minValue and maxValue', () => {
    const { onChange } = renderField(field({ type: 'number', minValue: 0, maxValue: 100 }));
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    fireEvent.change(input, { target: { value: '120' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a number between 0 and 100.')).toBeDefined();
    fireEvent.change(input, { target: { value: '99.5' } });
    expect(onChange).toHaveBeenLastCalledWith(99.5, undefined);
    expect(screen.queryByText(/Enter a number/)).toBeNull();
  });

  it('writes the stored number the French way in French', () => {
    renderField(field({ type: 'number' }), { value: 1234.5, locale: 'fr-CA' });
    expect(screen.getByLabelText<HTMLInputElement>('My answer').value).toBe('1\u00a0234,5');
  });

  it('reads "1,500" in English as 1500, and shows it grouped once left (issue 24 point 2)', () => {
    const { onChange, onCommit } = renderField(field({ type: 'number' }));
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1500' } });
    expect(input.value).toBe('1500');
    fireEvent.change(input, { target: { value: '1,500.25' } });
    expect(onChange).toHaveBeenLastCalledWith(1500.25, undefined);
    fireEvent.change(input, { target: { value: '1,500' } });
    expect(onChange).toHaveBeenLastCalledWith(1500, undefined);
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('1,500');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    // Entered again, it is edited without grouping: a digit typed at the end keeps it a number.
    fireEvent.focus(input);
    expect(input.value).toBe('1500');
    fireEvent.change(input, { target: { value: '15005' } });
    expect(onChange).toHaveBeenLastCalledWith(15005, undefined);
    fireEvent.blur(input);
    expect(input.value).toBe('15,005');
  });

  it('keeps the whole number selected when the field is entered by Tab, so typing replaces it', () => {
    renderField(field({ type: 'number' }), { value: 1500 });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    expect(input.value).toBe('1,500');
    // Tab selects all of a field's text before it is focused.
    input.setSelectionRange(0, input.value.length);
    fireEvent.focus(input);
    expect(input.value).toBe('1500');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 4]);
  });

  it('reads "1 500" in French with any space as 1500, and shows it the French way', () => {
    const { onChange } = renderField(field({ type: 'number' }), { locale: 'fr-CA' });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    for (const [text, value] of [
      ['1 500', 1500],
      ['1\u00a0500', 1500],
      ['1\u202f500', 1500],
      ['1 500,25', 1500.25],
      ['1,5', 1.5],
    ] as const) {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: text } });
      expect(onChange).toHaveBeenLastCalledWith(value, undefined);
      fireEvent.blur(input);
    }
    expect(input.value).toBe('1,5');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1 500' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1\u00a0500');
  });

  it('refuses an ambiguous "1,5" in English with a message on the field, and keeps nothing of it', () => {
    const { onChange } = renderField(field({ type: 'number' }), { value: 40 });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.change(input, { target: { value: '1,' } });
    fireEvent.change(input, { target: { value: '1,5' } });
    // Still being typed (on the way to "1,500"): no error yet.
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.blur(input);
    expect(input.value).toBe('1,5');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain(
      'Use a comma only between groups of three digits (1,500) and a period for decimals (1.5).',
    );
    // The answer is back to what it was before the field was entered.
    expect(onChange).toHaveBeenLastCalledWith(40, undefined);
  });

  it('refuses an ambiguous "1.500" in French, in French', () => {
    const { onChange } = renderField(field({ type: 'number' }), { locale: 'fr-CA' });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1.500' } });
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain(
      'Séparez les milliers par une espace (1\u00a0500) et les décimales par une virgule (1,5).',
    );
    expect(onChange).not.toHaveBeenCalledWith(1.5, undefined);
    expect(onChange).not.toHaveBeenCalledWith(1500, undefined);
  });

  it('refuses grouping in the wrong places at once', () => {
    renderField(field({ type: 'number' }));
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '15,00,0' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain('Enter a number, such as 1,250 or 12.5.');
  });

  it('is disabled read-only', () => {
    renderField(field({ type: 'number' }), { value: 3, readOnly: true });
    expect(screen.getByLabelText<HTMLInputElement>('My answer').disabled).toBe(true);
  });
});

describe('string', () => {
  it('is one line without a height above 1, applied as typed and saved on blur', () => {
    const { onChange, onCommit } = renderField(field({ type: 'string', height: 1 }));
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    expect(input.tagName).toBe('INPUT');
    fireEvent.change(input, { target: { value: 'zero-based' } });
    expect(onChange).toHaveBeenLastCalledWith('zero-based', undefined);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('is a textarea of `height` rows otherwise', () => {
    renderField(field({ type: 'string', height: 4 }), { value: 'Line one\nLine two' });
    const area = screen.getByLabelText<HTMLTextAreaElement>('My answer');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.rows).toBe(4);
    expect(area.value).toBe('Line one\nLine two');
  });

  it('is disabled read-only', () => {
    renderField(field({ type: 'string' }), { readOnly: true });
    expect(screen.getByLabelText<HTMLInputElement>('My answer').disabled).toBe(true);
  });
});

describe('boolean', () => {
  it('is a checkbox labelled with the name, saved at once', () => {
    const { onChange } = renderField(field({ type: 'boolean' }));
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'My answer' });
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true, { save: true });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(false, { save: true });
  });

  it('is disabled read-only', () => {
    renderField(field({ type: 'boolean' }), { value: true, readOnly: true });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'My answer' });
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
  });
});

describe('radio', () => {
  it('is a group named by the field, one answer saved at once', () => {
    const { onChange } = renderField(field({ type: 'radio', pickList }));
    const group = screen.getByRole('group', { name: 'My answer' });
    expect(describedText(group)).toBe('What do you think?');
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => radio.checked)).toEqual([false, false]);
    // One name for the group: the browser's arrow keys move the choice within it.
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    fireEvent.click(within(group).getByLabelText('Groceries'));
    expect(onChange).toHaveBeenLastCalledWith('food', { save: true });
    expect(radios.map((radio) => radio.checked)).toEqual([false, true]);
  });

  it('is disabled read-only', () => {
    renderField(field({ type: 'radio', pickList }), { value: 'rent', readOnly: true });
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios.every((radio) => radio.matches(':disabled'))).toBe(true);
    expect(radios[0]?.checked).toBe(true);
  });
});

describe('slider', () => {
  it('runs from 0 to 10 unless told, shows its value, follows the keys and saves when let go', () => {
    const { onChange, onCommit } = renderField(field({ type: 'slider' }));
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'My answer' });
    expect([slider.min, slider.max]).toEqual(['0', '10']);
    expect(slider.getAttribute('aria-valuetext')).toBe('Not set');
    // An arrow key: the input event moves the value, the change event and keyup save it.
    fireEvent.input(slider, { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith(4, undefined);
    expect(slider.getAttribute('aria-valuetext')).toBe('4');
    expect(document.querySelector('output')?.textContent).toBe('4');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyUp(slider, { key: 'ArrowRight' });
    expect(onCommit).toHaveBeenCalledTimes(1);
    // A drag: input events while it moves, one change event when it ends.
    fireEvent.input(slider, { target: { value: '6' } });
    fireEvent.input(slider, { target: { value: '7' } });
    expect(onCommit).toHaveBeenCalledTimes(1);
    slider.dispatchEvent(new Event('change'));
    expect(onCommit).toHaveBeenCalledTimes(2);
    fireEvent.pointerUp(slider);
    expect(onCommit).toHaveBeenCalledTimes(3);
  });

  it('takes minValue and maxValue, and the default', () => {
    renderField(field({ type: 'slider', minValue: 1, maxValue: 12 }), { value: 3 });
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'My answer' });
    expect([slider.min, slider.max, slider.value]).toEqual(['1', '12', '3']);
  });

  it('is disabled read-only', () => {
    renderField(field({ type: 'slider' }), { value: 5, readOnly: true });
    expect(screen.getByRole<HTMLInputElement>('slider').disabled).toBe(true);
  });
});

describe('table', () => {
  const table = field({
    type: 'table',
    rowCount: 3,
    columnCount: 3,
    cells: [
      [
        { defaultValue: 'Debt', isReadOnly: true },
        { defaultValue: 'Balance ($)', isReadOnly: true },
        { defaultValue: 'Rate (%)', isReadOnly: true },
      ],
      [{ defaultValue: 'Card', isReadOnly: true }, { defaultValue: '0' }, {}],
      [{ defaultValue: 'Car loan', isReadOnly: true }, {}, {}],
    ],
  });

  it('shows read-only cells as column and row headers and labels every input with them', () => {
    renderField(table);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Debt',
      'Balance ($)',
      'Rate (%)',
    ]);
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual([
      'Card',
      'Car loan',
    ]);
    const inputs = screen.getAllByRole<HTMLInputElement>('textbox');
    expect(inputs.map((input) => input.getAttribute('aria-label'))).toEqual([
      'Card, Balance ($)',
      'Card, Rate (%)',
      'Car loan, Balance ($)',
      'Car loan, Rate (%)',
    ]);
    // The (localised) default of a cell is its first value.
    expect(inputs[0]?.value).toBe('0');
    expect(screen.getByRole('table', { name: 'My answer' })).toBeDefined();
  });

  it('keeps row labels in a sticky column no wider than 18rem or 40% of the screen', () => {
    renderField(table);
    const grid = screen.getByRole('table', { name: 'My answer' });
    expect(grid.classList.contains('field-table--row-labels')).toBe(true);
    expect(screen.getByRole('rowheader', { name: 'Card' }).style.minWidth).toBe(
      'min(min(11ch, 30rem), 18rem, 40vw)',
    );
  });

  it('has no sticky column when the rows have no labels', () => {
    renderField(field({ type: 'table', rowCount: 2, columnCount: 2 }));
    expect(screen.getByRole('table').classList.contains('field-table--row-labels')).toBe(false);
  });

  it('applies a cell as typed, and trims and saves it on blur', () => {
    const { onChange, onCommit } = renderField(table);
    const cell = screen.getByRole<HTMLInputElement>('textbox', { name: 'Car loan, Rate (%)' });
    fireEvent.change(cell, { target: { value: ' 6.9  ' } });
    expect(onChange).toHaveBeenLastCalledWith(
      [
        ['Debt', 'Balance ($)', 'Rate (%)'],
        ['Card', '0', ''],
        ['Car loan', '', ' 6.9  '],
      ],
      undefined,
    );
    fireEvent.blur(cell);
    expect(onChange).toHaveBeenLastCalledWith(
      [
        ['Debt', 'Balance ($)', 'Rate (%)'],
        ['Card', '0', ''],
        ['Car loan', '', '6.9'],
      ],
      { save: true },
    );
    expect(cell.value).toBe('6.9');
    // A cell already trimmed is simply saved.
    fireEvent.blur(cell);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('caps the minimum width of a column at 30rem', () => {
    const long = field({
      type: 'table',
      rowCount: 1,
      columnCount: 1,
      cells: [[{ defaultValue: 'x'.repeat(400) }]],
    });
    renderField(long);
    const cell = screen.getByRole('textbox').closest('td');
    expect(cell?.style.minWidth).toBe('min(403ch, 30rem)');
  });

  it('is disabled read-only, headers still shown', () => {
    renderField(table, { readOnly: true, value: [['Debt'], ['Card', '500', '19.9']] });
    const inputs = screen.getAllByRole<HTMLInputElement>('textbox');
    expect(inputs.every((input) => input.disabled)).toBe(true);
    expect(inputs.map((input) => input.value)).toEqual(['500', '19.9', '', '']);
  });
});

describe('file', () => {
  const uploaded: FileValue = {
    secure_url: '/uploads/doughmain/abc.csv',
    original_filename: 'forecast.csv',
    public_id: 'abc',
  };

  function fileOptions(upload: FileOptions['upload'], isSignedIn = true) {
    return {
      isSignedIn,
      upload,
      onUploaded: vi.fn(),
      describeError: (error: unknown) => (error as Error).message,
    };
  }

  it('tells a visitor they must log in, and offers no upload', () => {
    renderField(field({ type: 'file' }), {
      file: fileOptions(() => Promise.reject(new Error('no')), false),
    });
    expect(screen.getByText('You must be logged in to upload a file')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('My answer').disabled).toBe(true);
  });

  it('uploads, then keeps the file as the answer, saved at once, and reports the upload', async () => {
    let finish: (value: FileValue) => void = () => {};
    const upload = vi.fn(() => new Promise<FileValue>((resolve) => (finish = resolve)));
    const options = fileOptions(upload);
    const { onChange } = renderField(field({ type: 'file' }), { file: options });
    const chosen = new File(['a,b'], 'forecast.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('My answer'), { target: { files: [chosen] } });
    expect(upload).toHaveBeenCalledWith(chosen);
    expect(screen.getByRole('status').textContent).toBe('Uploading forecast.csv…');
    await act(async () => finish(uploaded));
    expect(onChange).toHaveBeenLastCalledWith(uploaded, { save: true });
    expect(options.onUploaded).toHaveBeenCalledWith(uploaded);
    expect(screen.getByRole('link', { name: 'forecast.csv' }).getAttribute('href')).toBe(
      uploaded.secure_url,
    );
  });

  it('shows a failed upload under the field, and removing the file resets the error', async () => {
    const upload = vi.fn(() => Promise.reject(new Error('File is larger than 5242880 bytes')));
    const { onChange } = renderField(field({ type: 'file' }), {
      value: uploaded,
      file: fileOptions(upload),
    });
    const chosen = new File(['x'], 'big.pdf');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('My answer'), { target: { files: [chosen] } });
    });
    expect(screen.getByRole('alert').textContent).toBe('File is larger than 5242880 bytes');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the file forecast.csv' }));
    expect(onChange).toHaveBeenLastCalledWith(null, { save: true });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'forecast.csv' })).toBeNull();
  });

  it('read-only: the file shown, nothing to change', () => {
    renderField(field({ type: 'file' }), {
      value: uploaded,
      readOnly: true,
      file: fileOptions(() => Promise.reject(new Error('no'))),
    });
    expect(screen.getByRole('link', { name: 'forecast.csv' })).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
    // The file card only: no drop zone, no file input to choose with.
    expect(document.querySelector('input[type="file"], .field-file__zone')).toBeNull();
  });

  it('is a drop zone that takes a dropped file, the input see-through over it', async () => {
    const upload = vi.fn(() => Promise.resolve(uploaded));
    const { onChange } = renderField(field({ type: 'file' }), { file: fileOptions(upload) });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    const zone = input.closest('.field-file__zone') as HTMLElement;
    expect(zone.textContent).toBe('Choose a file or drop it here');
    expect(input.getAttribute('aria-describedby')).toContain(
      zone.querySelector('.field-file__zone-text')?.id,
    );
    const dropped = new File(['a,b'], 'forecast.csv', { type: 'text/csv' });
    fireEvent.dragEnter(zone, { dataTransfer: { files: [dropped], dropEffect: 'none' } });
    expect(zone.className).toContain('field-file__zone--over');
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(zone.className).not.toContain('field-file__zone--over');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(uploaded, { save: true }));
    expect(upload).toHaveBeenCalledWith(dropped);
  });

  it('opens the chooser on Enter and on Space', () => {
    renderField(field({ type: 'file' }), { file: fileOptions(() => Promise.resolve(uploaded)) });
    const input = screen.getByLabelText<HTMLInputElement>('My answer');
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: ' ' });
    fireEvent.keyDown(input, { key: 'a' });
    expect(click).toHaveBeenCalledTimes(2);
  });
});
