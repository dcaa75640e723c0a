import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GlossaryHtml } from '../../../components/glossary-html';
import { useOrganisation } from '../../../lib/organisation';
import { useTopicOutlet } from '../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTopicWorkbook, useWorkbookFeature } from '../../../lib/workbook';

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
  const { topic } = useTopicOutlet();
  useDocumentTitle(topic.name);
  const imageUrl = topic.topicImage?.secure_url ?? topic.imageUrl;
  const attribution = topic.topicImage?.unsplashAttribution;
  const { WorksheetNameEditor } = useWorkbookFeature();
  const { clearHistory } = useTopicWorkbook();
  useEffect(() => clearHistory(), [clearHistory]);
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
      </div>
      {imageUrl && (
        <figure className="topic-hero__figure">
          <img
            className="topic-hero__image"
            src={imageUrl}
            width={TOPIC_IMAGE_WIDTH}
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
