import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setPageSelection, readPageSelection } from '../../../lib/selection';
import { renderWithOrganisation } from '../../../test/render';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { firstLine } from '../lib/first-line';
import { FILLER_COUNT } from './card-grid';
import { OthersPage, TopicsPage } from './topics-page';

const org = sampleOrganisation({
  general: {
    _id: 'general',
    name: 'Welcome',
    description: '<p>Start here.</p>',
    isGeneral: true,
  },
  topicGroups: [
    {
      _id: 'foundations',
      name: 'Foundations',
      description: 'Where to start.\nA second line the card leaves out.',
      topicGroupImage: { secure_url: '/media/sample/foundations.jpg' },
      topics: [{ _id: 'budgeting', name: 'Budgeting' }],
    },
  ],
});

function cardLinks() {
  const list = screen.getByRole('list', { name: 'Topic groups and topics' });
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('/topics', () => {
  it('shows the general topic, the groups and the topics in no group as cards', () => {
    renderWithOrganisation(<TopicsPage />, { org, path: '/topics' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Topics');
    // Budgeting is in the Foundations group: it is reached through the group's card.
    expect(cardLinks()).toEqual([
      ['Welcome', '/topic/general'],
      ['Foundations', '/topicGroup/foundations'],
      ['Saving', '/topic/saving'],
    ]);
  });

  it('ends the grid with 10 fillers hidden from assistive technology', () => {
    const { container } = renderWithOrganisation(<TopicsPage />, { org, path: '/topics' });
    const fillers = container.querySelectorAll('.card-grid__filler');
    expect(fillers).toHaveLength(FILLER_COUNT);
    expect(FILLER_COUNT).toBe(10);
    for (const filler of fillers) expect(filler.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it("shows only the first line of a group's description", () => {
    renderWithOrganisation(<TopicsPage />, { org, path: '/topics' });
    expect(screen.getByText('Where to start.')).toBeDefined();
    expect(screen.queryByText(/A second line/)).toBeNull();
    expect(screen.getByText('1 topic')).toBeDefined();
  });

  it('clears the page selection', () => {
    setPageSelection({ topicId: 'budgeting', topicName: 'Budgeting', pageName: 'Intro' });
    renderWithOrganisation(<TopicsPage />, { org, path: '/topics' });
    expect(readPageSelection()).toBeNull();
    expect(cardLinks().map(([name]) => name)).toContain('Saving');
  });

  it("says 'No topics are currently available' for an empty organisation", () => {
    renderWithOrganisation(<TopicsPage />, {
      org: sampleOrganisation({ topics: [], topicGroups: [], hasHiddenTopics: false }),
    });
    expect(screen.getByRole('status').textContent).toBe('No topics are currently available');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks to sign in or contact the administrator when every topic is private', () => {
    renderWithOrganisation(<TopicsPage />, {
      org: sampleOrganisation({ topics: [], topicGroups: [], hasHiddenTopics: true }),
    });
    const prompt = screen.getByRole('status');
    expect(within(prompt).getByRole('heading').textContent).toBe('These topics are for members');
    expect(prompt.textContent).toMatch(/contact your administrator/);
    expect(within(prompt).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/signin',
    );
  });
});

describe('/others', () => {
  it('leaves out the topic that is open', () => {
    setPageSelection({ topicId: 'budgeting', topicName: 'Budgeting' });
    renderWithOrganisation(<OthersPage />, { org, path: '/others' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Other topics');
    expect(cardLinks().map(([name]) => name)).toEqual(['Welcome', 'Foundations', 'Saving']);
    setPageSelection(null);
  });
});

describe('firstLine', () => {
  it('takes the first non-empty line of text or HTML', () => {
    expect(firstLine('One.\nTwo.')).toBe('One.');
    expect(firstLine('\n  One.  \r\nTwo.')).toBe('One.');
    expect(firstLine('<p>One &amp; only.</p><p>Two.</p>')).toBe('One & only.');
    expect(firstLine('One<br>Two')).toBe('One');
    expect(firstLine(undefined)).toBe('');
  });
});
