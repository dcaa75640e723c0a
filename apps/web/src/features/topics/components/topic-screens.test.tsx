import type { TopicView } from '@portal/domain';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithWorkbook, TopicRoute } from '../../../test/render-workbook';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { sampleTopic } from '../../../test/sample-topic';
import { TopicHome } from './topic-home';
import { TopicOtherTopics } from './topic-other-topics';

const org = sampleOrganisation({
  glossary: [{ word: 'budget', definition: 'A plan for your money.' }],
  topics: [
    { _id: 'budgeting', name: 'Budgeting' },
    { _id: 'saving', name: 'Saving' },
    { _id: 'credit', name: 'Credit' },
  ],
  topicGroups: [
    {
      _id: 'foundations',
      name: 'Foundations',
      description: 'Where to start.',
      topics: [
        { _id: 'budgeting', name: 'Budgeting' },
        { _id: 'saving', name: 'Saving' },
      ],
    },
    {
      _id: 'later',
      name: 'Later',
      description: 'Then.',
      topics: [{ _id: 'credit', name: 'Credit' }],
    },
  ],
});

function renderInTopic(element: ReactElement, path: string, topic: TopicView, topicId = topic._id) {
  renderWithWorkbook(
    <Routes>
      <Route element={<TopicRoute topic={topic} topicId={topicId} />}>
        <Route path="/topic/:topicId" element={element} />
        <Route path="/topic/:topicId/others" element={element} />
        <Route path="/topic/:topicId/others/group/:topicGroupId" element={element} />
      </Route>
    </Routes>,
    { path, org },
  );
}

describe('TopicHome', () => {
  it('shows the hero: name, 320 px image with alt text, photo credit, glossary-marked description', () => {
    renderInTopic(<TopicHome />, '/topic/budgeting', sampleTopic());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Budgeting');
    const image = screen.getByRole('img', { name: 'Illustration for the topic Budgeting' });
    expect(image.getAttribute('width')).toBe('320');
    expect(image.getAttribute('src')).toBe('/media/sample/budgeting.svg');
    expect(screen.getByText('Photo by Ada Lens (@adalens)')).toBeDefined();
    expect(screen.getByRole('term').textContent).toBe('budget');
  });

  it('does without an image', () => {
    renderInTopic(<TopicHome />, '/topic/budgeting', sampleTopic({ topicImage: undefined }));
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('TopicOtherTopics', () => {
  const cards = () =>
    within(screen.getByRole('list'))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('lists the other topics of the parent group', () => {
    renderInTopic(<TopicOtherTopics />, '/topic/budgeting/others', sampleTopic());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Other topics');
    expect(screen.getByText('Foundations')).toBeDefined();
    expect(cards()).toEqual([['Saving', '/topic/saving']]);
    expect(screen.getByRole('link', { name: 'Browse all topics' }).getAttribute('href')).toBe(
      '/others',
    );
  });

  it('lists the topics of the group in the address', () => {
    renderInTopic(<TopicOtherTopics />, '/topic/budgeting/others/group/later', sampleTopic());
    expect(cards()).toEqual([['Credit', '/topic/credit']]);
    expect(screen.getByRole('link', { name: /All other topics/ }).getAttribute('href')).toBe(
      '/topic/budgeting/others',
    );
  });

  it('without a parent group, lists every group (opening within the topic) and topic', () => {
    const general = sampleTopic({ _id: 'general', parentTopicGroup: undefined });
    renderInTopic(<TopicOtherTopics />, '/topic/general/others', general);
    expect(cards()).toEqual([
      ['Foundations', '/topic/general/others/group/foundations'],
      ['Later', '/topic/general/others/group/later'],
      ['Budgeting', '/topic/budgeting'],
      ['Saving', '/topic/saving'],
      ['Credit', '/topic/credit'],
    ]);
  });

  it('says so when the group has no other topic', () => {
    renderInTopic(
      <TopicOtherTopics />,
      '/topic/credit/others',
      sampleTopic({
        _id: 'credit',
        parentTopicGroup: { _id: 'later', name: 'Later', visibility: 'Public' },
      }),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'There are no other topics in this group yet.',
    );
  });
});
