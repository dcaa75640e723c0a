import '../page.css';
import { isShareable, type PageView, type TopicView } from '@portal/domain';
import { useEffect, useId, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { GlossaryStops } from '../../../components/glossary-html';
import { NotFoundPage } from '../../../components/not-found-page';
import { useTopicOutlet } from '../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTopicWorkbook } from '../../../lib/workbook';
import { usePageCompletion } from '../hooks/use-page-completion';
import { FragmentView } from './fragment-view';
import { ShareLinks } from './share-links';

/** /topic/{id}/page/{pageId}: the page's fragments, in order, inside the topic layout. */
export function TopicPage() {
  const { topic, pages } = useTopicOutlet();
  const { pageId } = useParams();
  const page = pages.find((candidate) => candidate._id === pageId);
  if (!page) return <NotFoundPage />;
  return <PageContent topic={topic} page={page} pages={pages} />;
}

function PageContent({
  topic,
  page,
  pages,
}: {
  topic: TopicView;
  page: PageView;
  pages: readonly PageView[];
}) {
  const titleId = useId();
  const position = pages.findIndex((candidate) => candidate._id === page._id) + 1;
  const workbook = useTopicWorkbook();
  // Fragments with a show condition appear and disappear as the answers change.
  const { isShown, enterPage } = workbook;
  const fragments = useMemo(() => page.fragments.filter(isShown), [page, isShown]);
  useDocumentTitle(`${page.name} · ${topic.name}`);

  // Entering a page saves the history (a signed-in learner's), with the worksheet.
  useEffect(() => enterPage(page._id), [enterPage, page._id]);
  const endRef = usePageCompletion(page, workbook);

  return (
    <article className="topic-page" aria-labelledby={titleId}>
      <div className="topic-page__header">
        <div>
          <p className="topic-page__eyebrow">
            {topic.name}
            {/* "Page 2 of 4" among the pages shown (issue 15 point 5). */}
            <span className="topic-page__position">
              <FormattedMessage
                id="topic.pageOf"
                values={{ index: position, count: pages.length }}
              />
            </span>
          </p>
          <h1 id={titleId} className="topic-page__title">
            {page.name}
          </h1>
        </div>
        {isShareable(topic, page) && <ShareLinks title={`${page.name} · ${topic.name}`} />}
      </div>
      {/* One Tab stop per glossary term on the page (its first occurrence). */}
      <GlossaryStops key={page._id}>
        <div className="topic-page__fragments">
          {fragments.map((fragment) => (
            <div key={fragment._id} className={`fragment fragment--${fragment.type}`}>
              <FragmentView fragment={fragment} pageId={page._id} pageName={page.name} />
            </div>
          ))}
        </div>
      </GlossaryStops>
      {/* The end of the page: once in view, a page without scored questions is complete. */}
      <div ref={endRef} className="topic-page__end" aria-hidden="true" />
    </article>
  );
}
