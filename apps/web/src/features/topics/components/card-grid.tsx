import { useContext } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { WorkbookFeatureContext } from '../../../lib/workbook';
import type { CardItem } from '../lib/card-items';
import { progressOf } from '../lib/progress';

/** docs/product-spec.md §9: this many empty placeholders end the grid, so a wrapped last row lines up. */
export const FILLER_COUNT = 10;

const KIND_LABELS = {
  group: 'topics.kind.group',
  topic: 'topics.kind.topic',
  general: 'topics.kind.general',
} as const;

/** The learner's progress in a topic (issue 15 point 5), where the workbook is at hand. */
function CardProgress({ topicId, pageIds }: { topicId: string; pageIds: readonly string[] }) {
  const feature = useContext(WorkbookFeatureContext);
  if (!feature) return null;
  return (
    <CardProgressOf
      useCompletedPages={feature.useCompletedPages}
      topicId={topicId}
      pageIds={pageIds}
    />
  );
}

function CardProgressOf({
  useCompletedPages,
  topicId,
  pageIds,
}: {
  useCompletedPages: (topicId: string) => ReadonlySet<string>;
  topicId: string;
  pageIds: readonly string[];
}) {
  const intl = useIntl();
  const progress = progressOf(pageIds, useCompletedPages(topicId));
  const label =
    progress.done === 0
      ? intl.formatMessage({ id: 'topics.progress.notStarted' })
      : progress.done === progress.total
        ? intl.formatMessage({ id: 'topics.progress.completed' })
        : intl.formatMessage(
            { id: 'topics.progress.percent' },
            { percent: intl.formatNumber(progress.percent / 100, { style: 'percent' }) },
          );
  return (
    <div className="topic-card__progress">
      <p className="topic-card__progress-text">{label}</p>
      {progress.done > 0 && (
        <span className="progress-meter__bar" aria-hidden="true">
          <span className="progress-meter__fill" style={{ width: `${progress.percent}%` }} />
        </span>
      )}
    </div>
  );
}

/** `isFirst`: the first card's image is often the page's largest paint, so it is not lazy. */
function Card({ item, isFirst }: { item: CardItem; isFirst: boolean }) {
  return (
    <article className={`topic-card topic-card--${item.kind} surface-card`}>
      {item.imageUrl ? (
        <img
          className="topic-card__image"
          src={item.imageUrl}
          alt=""
          {...(isFirst ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        />
      ) : (
        <span className="topic-card__art" aria-hidden="true">
          {item.title.trim().charAt(0)}
        </span>
      )}
      <div className="topic-card__body">
        <p className="topic-card__kind">
          <FormattedMessage id={KIND_LABELS[item.kind]} />
        </p>
        <h2 className="topic-card__title">
          <Link className="topic-card__link" to={item.to}>
            {item.title}
          </Link>
        </h2>
        {item.description && <p className="topic-card__description">{item.description}</p>}
        {item.progress && <CardProgress {...item.progress} />}
        {item.topicCount !== undefined && (
          <p className="topic-card__meta">
            <FormattedMessage id="topics.topicCount" values={{ count: item.topicCount }} />
          </p>
        )}
      </div>
    </article>
  );
}

/**
 * Cards of topic groups and topics in rows that wrap. Each card is one link (its title; the
 * whole card is its click area). The fillers are invisible and hidden from assistive technology.
 */
export function CardGrid({ items, label }: { items: readonly CardItem[]; label: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.key} className="card-grid__item">
          <Card item={item} isFirst={index === 0} />
        </li>
      ))}
      {Array.from({ length: FILLER_COUNT }, (_, index) => (
        <li key={`filler-${index}`} className="card-grid__filler" aria-hidden="true" />
      ))}
    </ul>
  );
}
