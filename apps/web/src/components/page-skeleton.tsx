import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The shapes of page a skeleton can take while its code or data loads. */
export type SkeletonShape = 'home' | 'cards' | 'topic' | 'content';

/** The skeleton that looks like the page at `pathname`. */
export function skeletonShapeOf(pathname: string): SkeletonShape {
  if (pathname === '/') return 'home';
  if (/^\/topic\/[^/]+/.test(pathname)) return 'topic';
  if (/^\/(?:topics|others|topicGroup\/[^/]+|store)\/?$/.test(pathname)) return 'cards';
  return 'content';
}

const lines = (count: number, className = '') =>
  Array.from({ length: count }, (_, index) => (
    <span key={index} className={`skeleton__block skeleton__line ${className}`} />
  ));

function HomeShape() {
  return (
    <div className="skeleton-home">
      <div className="skeleton-home__text">
        {lines(2, 'skeleton__line--title')}
        {lines(3)}
        <span className="skeleton__block skeleton__button" />
      </div>
      <span className="skeleton__block skeleton-home__image" />
    </div>
  );
}

function CardsShape() {
  return (
    <div className="skeleton-cards">
      {lines(1, 'skeleton__line--title')}
      <div className="skeleton-cards__grid">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="skeleton-cards__card">
            <span className="skeleton__block skeleton-cards__image" />
            {lines(2)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** A title and paragraphs. */
function ContentShape() {
  return (
    <div className="skeleton-content">
      {lines(1, 'skeleton__line--title')}
      {lines(6)}
    </div>
  );
}

function TopicShape() {
  return (
    <div className="skeleton-topic">
      <span className="skeleton-topic__subheader" />
      <div className="skeleton-topic__body">
        <div className="skeleton-topic__sidebar">{lines(5)}</div>
        <ContentShape />
      </div>
    </div>
  );
}

const SHAPES = { home: HomeShape, cards: CardsShape, topic: TopicShape, content: ContentShape };

/**
 * A loading page in the shape of the page to come (issue 15 point 13), so nothing jumps when
 * it arrives. Screen readers hear "Loading…" once (a polite status); the shapes are hidden.
 */
export function PageSkeleton({ shape, label }: { shape: SkeletonShape; label?: ReactNode }) {
  const Shape = SHAPES[shape];
  return (
    <div className={`skeleton skeleton--${shape}`} aria-busy="true">
      <p role="status" className="visually-hidden">
        {label ?? <FormattedMessage id="app.loading" />}
      </p>
      <div aria-hidden="true">
        <Shape />
      </div>
    </div>
  );
}

/** Inside the topic layout, while a screen's code loads: a title and paragraphs. */
export function ScreenSkeleton() {
  return (
    <div className="skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        <FormattedMessage id="app.loading" />
      </p>
      <div aria-hidden="true">
        <ContentShape />
      </div>
    </div>
  );
}
