import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { CardItem } from '../lib/card-items';

/** docs/product-spec.md §9: this many empty placeholders end the grid, so a wrapped last row lines up. */
export const FILLER_COUNT = 10;

const KIND_LABELS = {
  group: 'topics.kind.group',
  topic: 'topics.kind.topic',
  general: 'topics.kind.general',
} as const;

function Card({ item }: { item: CardItem }) {
  return (
    <article className={`topic-card topic-card--${item.kind} surface-card`}>
      {item.imageUrl ? (
        <img className="topic-card__image" src={item.imageUrl} alt="" loading="lazy" />
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
      {items.map((item) => (
        <li key={item.key} className="card-grid__item">
          <Card item={item} />
        </li>
      ))}
      {Array.from({ length: FILLER_COUNT }, (_, index) => (
        <li key={`filler-${index}`} className="card-grid__filler" aria-hidden="true" />
      ))}
    </ul>
  );
}
