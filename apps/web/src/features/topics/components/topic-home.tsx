import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { GlossaryHtml } from '../../../components/glossary-html';
import { IMAGE_SIZES, ResponsiveImage } from '../../../components/responsive-image';
import { useOrganisation } from '../../../lib/organisation';
import { useTopicOutlet, useTopicSource } from '../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTopicWorkbook, useWorkbookFeature } from '../../../lib/workbook';
import { progressOf, resumeTarget } from '../lib/progress';
import { ProgressMeter } from './topic-progress';

/** The topic image is shown 320 px wide. */
export const TOPIC_IMAGE_WIDTH = 320;

/**
 * The topic home: a hero with the topic's name, image (and its photographer) and the
 * description with glossary words marked; the current worksheet's name, editable, when the
 * topic allows several worksheets. Opening it clears a signed-in learner's saved history.
 */
export function TopicHome() {
  const intl = useIntl();
  const titleId = useId();
  const { org } = useOrganisation();
  const { topicId, topic, pages } = useTopicOutlet();
  const { paths } = useTopicSource();
  useDocumentTitle(topic.name);
  const imageUrl = topic.topicImage?.secure_url ?? topic.imageUrl;
  const attribution = topic.topicImage?.unsplashAttribution;
  const { WorksheetNameEditor } = useWorkbookFeature();
  const { clearHistory, history, completedPages } = useTopicWorkbook();
  // Where the learner was in this topic, read before the home clears the history.
  const [lastPageId] = useState(() => (history?.topicId === topicId ? history.pageId : null));
  useEffect(() => clearHistory(), [clearHistory]);
  const pageIds = pages.map((page) => page._id);
  const progress = progressOf(pageIds, completedPages);
  const target = resumeTarget(pageIds, completedPages, lastPageId);
  const targetName = pages.find((page) => page._id === target?.pageId)?.name;
  const NameEditor =
    topic.allowMultiWorksheets && !topic.isGeneral ? WorksheetNameEditor : undefined;

  return (
    <section className="topic-hero" aria-labelledby={titleId}>
      <div className="topic-hero__text">
        {topic.parentTopicGroup && (
          <p className="topic-hero__eyebrow">{topic.parentTopicGroup.name}</p>
        )}
        <h1 id={titleId} className="topic-hero__title">
          {topic.name}
        </h1>
        {topic.description && (
          <GlossaryHtml
            className="prose topic-hero__description"
            html={topic.description}
            glossary={org.glossary}
          />
        )}
        {NameEditor && <NameEditor />}
        {topic.certificate && !topic.isGeneral && (
          // Issue 28: what is left to earn the topic's certificate.
          <p className="topic-hero__certificate">
            <FormattedMessage
              id={
                progress.done < progress.total
                  ? 'topic.certificate.left'
                  : 'topic.certificate.earned'
              }
              values={{
                left: progress.total - progress.done,
                pass: topic.certificate.passPercent ?? 0,
                hasPass: topic.certificate.passPercent === undefined ? 'no' : 'yes',
              }}
            />
          </p>
        )}
        {target && (
          // Issue 15 point 5: where the learner stands, and one clear way in.
          <div className="topic-start">
            <ProgressMeter progress={progress} />
            <Link
              className="button button--primary topic-start__action"
              to={paths.page(topicId, target.pageId)}
              state={{ flip: 'next' }}
            >
              <span className="topic-start__verb">
                <FormattedMessage id={`topic.cta.${target.kind}`} />
              </span>
              <span className="topic-start__page">{targetName}</span>
            </Link>
          </div>
        )}
      </div>
      {imageUrl && (
        <figure className="topic-hero__figure">
          {/* The topic page's largest paint: its size is kept before it loads, and the server
              preloads the same srcset and sizes with the page (issue 14). */}
          <ResponsiveImage
            className="topic-hero__image"
            src={imageUrl}
            image={topic.topicImage?.width ? topic.topicImage : { width: TOPIC_IMAGE_WIDTH }}
            sizes={IMAGE_SIZES.topicHero}
            priority
            alt={intl.formatMessage({ id: 'topic.imageAlt' }, { topic: topic.name })}
          />
          {attribution && (
            <figcaption className="topic-hero__credit">
              <FormattedMessage
                id="topic.photoBy"
                values={{
                  name: attribution.photographerName,
                  handle: attribution.photographerHandle.replace(/^@/, ''),
                }}
              />
            </figcaption>
          )}
        </figure>
      )}
    </section>
  );
}
