import type { MessageView } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { MessageItem } from './message-item';

const written: MessageView = {
  _id: 'm1',
  body: 'See https://example.com',
  isPrivate: false,
  createDate: '2026-11-24T10:00:00.000Z',
  account: { _id: 'sam', name: { first: 'Sam', last: 'Lee' }, user: { id: { username: 'sam' } } },
};

/** As the server sends a message of an erased account (docs/design.md §18). */
const erased: MessageView = {
  _id: 'm2',
  body: '',
  isPrivate: false,
  createDate: '2026-11-24T10:01:00.000Z',
  account: { _id: 'gone', name: { first: '', last: '' }, user: { id: { username: '' } } },
  deleted: true,
};

function renderMessages(locale = 'en-US') {
  return renderWithOrganisation(
    <ol>
      <MessageItem message={written} />
      <MessageItem message={erased} />
    </ol>,
    { org: sampleOrganisation({ currentLocale: locale }) },
  );
}

describe('MessageItem', () => {
  it('shows a message of an erased account as deleted, its author as an erased account', () => {
    renderMessages();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first?.textContent).toContain('Sam Lee');
    expect(first?.querySelector('a')?.getAttribute('href')).toBe('https://example.com/');
    expect(second?.querySelector('.message__author')?.textContent).toBe('Erased account');
    const body = second?.querySelector('.message__body');
    expect(body?.textContent).toBe('Message deleted');
    expect(body?.classList.contains('message__body--deleted')).toBe(true);
    expect(second?.querySelector('time')?.getAttribute('dateTime')).toBe(erased.createDate);
  });

  it('says so in French in fr-CA', () => {
    renderMessages('fr-CA');
    const second = screen.getAllByRole('listitem')[1];
    expect(second?.querySelector('.message__author')?.textContent).toBe('Compte effacé');
    expect(second?.querySelector('.message__body')?.textContent).toBe('Message supprimé');
  });
});
