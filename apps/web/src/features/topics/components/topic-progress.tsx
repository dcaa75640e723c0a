import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { TopicProgress } from '../lib/progress';

/**
 * "2 of 4 pages completed · 50 %" with a bar drawn beside it (the text says it all; the bar is
 * decoration for sighted readers).
 */
export function ProgressMeter({
  progress,
  className = '',
}: {
  progress: TopicProgress;
  className?: string;
}) {
  return (
    <div className={`progress-meter ${className}`}>
      <p className="progress-meter__text">
        <FormattedMessage
          id="topic.progress.pages"
          values={{ done: progress.done, total: progress.total }}
        />
        <span className="progress-meter__percent">
          <FormattedNumber value={progress.percent / 100} style="percent" />
        </span>
      </p>
      <span className="progress-meter__bar" aria-hidden="true">
        <span className="progress-meter__fill" style={{ width: `${progress.percent}%` }} />
      </span>
    </div>
  );
}
