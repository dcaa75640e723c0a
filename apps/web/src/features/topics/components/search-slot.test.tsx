import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TopicSearchProps } from '../../../lib/topic-search';
import { renderWithOrganisation } from '../../../test/render';
import { renderWithWorkbook } from '../../../test/render-workbook';
import { TopicGroupPage } from './topic-group-page';
import { TopicsPage } from './topics-page';

/** Stands in for features/search: shows what the screen hands it, and draws two results. */
function FakeSearch({ topicGroupId, children, renderResults }: TopicSearchProps) {
  return (
    <div>
      <p>search in {topicGroupId ?? 'every group'}</p>
      {children}
      {renderResults(
        [
          {
            _id: 'credit',
            name: 'Understanding credit',
            description: '<p>Scores and cards.</p><p>More.</p>',
            topicImage: { secure_url: '/media/credit.svg' },
          },
        ],
        'Found topics',
      )}
    </div>
  );
}

describe('the search box on the topics screens', () => {
  it('sits above the /topics cards and draws results as topic cards', () => {
    renderWithWorkbook(<TopicsPage search={FakeSearch} />, { path: '/topics' });
    expect(screen.getByText('search in every group')).toBeDefined();
    expect(screen.getByRole('list', { name: 'Topic groups and topics' })).toBeDefined();
    const found = screen.getByRole('list', { name: 'Found topics' });
    const link = within(found).getByRole('link', { name: 'Understanding credit' });
    expect(link.getAttribute('href')).toBe('/topic/credit');
    // A found topic's card shows the first line of its description.
    expect(within(found).getByText('Scores and cards.')).toBeDefined();
    expect(within(found).queryByText('More.')).toBeNull();
  });

  it('searches within the group on /topicGroup/{id}', () => {
    renderWithOrganisation(
      <Routes>
        <Route path="/topicGroup/:topicGroupId" element={<TopicGroupPage search={FakeSearch} />} />
      </Routes>,
      { path: '/topicGroup/foundations' },
    );
    expect(screen.getByText('search in foundations')).toBeDefined();
    expect(screen.getByRole('list', { name: 'Topics in Foundations' })).toBeDefined();
  });

  it('is left out where the routes give none', () => {
    renderWithWorkbook(<TopicsPage />, { path: '/topics' });
    expect(screen.queryByText(/search in/)).toBeNull();
  });
});
