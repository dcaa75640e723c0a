import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { ContactDialog } from './contact-dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ContactDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openDialog() {
  renderWithOrganisation(<Opener />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Contact us' }) };
}

describe('ContactDialog', () => {
  it('shows the contact card: name, address, phones, email, website', () => {
    const { dialog } = openDialog();
    const card = within(dialog);
    expect(card.getByText('Sample Support')).toBeDefined();
    expect(card.getByText('1 Main Street')).toBeDefined();
    expect(card.getByRole('link', { name: '+1 (514) 555-0100' })).toBeDefined();
    expect(card.getByRole('link', { name: 'contact@sample.test' })).toBeDefined();
    expect(card.getByRole('link', { name: 'sample.test' })).toBeDefined();
  });

  it('closes with its Close button and returns focus to the opener', () => {
    const { opener, dialog } = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes when the browser cancels it (Escape)', () => {
    const { opener, dialog } = openDialog();
    (dialog as HTMLDialogElement).close();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside: from the last control to the first, and back with Shift+Tab', () => {
    const { dialog } = openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const links = within(dialog).getAllByRole('link');
    const last = links.at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
