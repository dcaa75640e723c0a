import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { TopicGroupPage } from './topic-group-page';

function renderGroup(path: string) {
  renderWithOrganisation(
    <Routes>
      <Route path="/topicGroup/:topicGroupId" element={<TopicGroupPage />} />
    </Routes>,
    { path },
  );
}

describe('/topicGroup/{id}', () => {
  it("shows the group's topics as cards and a back button to /topics", () => {
    renderGroup('/topicGroup/foundations');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Foundations');
    const list = screen.getByRole('list', { name: 'Topics in Foundations' });
    expect(within(list).getByRole('link', { name: 'Budgeting' }).getAttribute('href')).toBe(
      '/topic/budgeting',
    );
    expect(screen.getByRole('link', { name: /All topics/ }).getAttribute('href')).toBe('/topics');
  });

  it('is the not-found page for an unknown group', () => {
    renderGroup('/topicGroup/nope');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Page not found, please select another topic to continue',
    );
    expect(screen.getByRole('link', { name: 'Browse topics' }).getAttribute('href')).toBe(
      '/topics',
    );
  });
});
