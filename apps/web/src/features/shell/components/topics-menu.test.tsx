import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { TopicsMenu } from './topics-menu';

function setup() {
  renderWithOrganisation(<TopicsMenu org={sampleOrganisation()} />);
  return screen.getByRole('button', { name: 'Topics' });
}

describe('TopicsMenu', () => {
  it('is a collapsed menu button at first', () => {
    const button = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("offers 'Browse topics', each topic group and each topic", () => {
    fireEvent.click(setup());
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Browse topics', '/topics'],
      ['Foundations', '/topicGroup/foundations'],
      ['Budgeting', '/topic/budgeting'],
      ['Saving', '/topic/saving'],
    ]);
    expect(screen.getByRole('group', { name: 'Topic groups' })).toBeDefined();
  });

  it('opens on the first item and moves with the arrow keys, Home and End', () => {
    const button = setup();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(menu, { key: 's' });
    expect(document.activeElement?.textContent).toBe('Saving');
  });

  it('opens on the last item with ArrowUp', () => {
    fireEvent.keyDown(setup(), { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Saving');
  });

  it('closes with Escape and gives focus back to the button', () => {
    const button = setup();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when an item is chosen or a click lands elsewhere', () => {
    const button = setup();
    fireEvent.click(button);
    fireEvent.click(screen.getAllByRole('menuitem')[1] as HTMLElement);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    // Not as the pointer goes down (issue 24): the entries below would move under it.
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeNull();
    fireEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
