import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { studioTopicPath } from '../api/preview-api';

export type ResetState = 'idle' | 'resetting' | 'done' | 'failed';

interface PreviewBarProps {
  topicId: string;
  /** Absent while the preview cannot be answered (signed out, refused, loading). */
  onReset?: () => void;
  reset: ResetState;
  /** Why the reset failed, in the interface locale. */
  resetError?: string;
}

/**
 * The bar above the preview: what this is (a draft, answered in a preview workbook that no
 * learner sees), "Reset answers" and "Back to the editor".
 */
export function PreviewBar({ topicId, onReset, reset, resetError }: PreviewBarProps) {
  const intl = useIntl();
  return (
    <section
      className="preview-bar"
      aria-label={intl.formatMessage({ id: 'studio.preview.region' })}
    >
      <p className="preview-bar__text">
        <strong>
          <FormattedMessage id="studio.preview.title" />
        </strong>
      </p>
      <p className="preview-bar__status" role="status">
        {reset === 'done' && <FormattedMessage id="studio.preview.resetDone" />}
        {reset === 'failed' && (
          <FormattedMessage id="studio.preview.resetFailed" values={{ error: resetError }} />
        )}
      </p>
      <div className="preview-bar__actions">
        {onReset && (
          <button
            type="button"
            className="button button--secondary"
            onClick={onReset}
            disabled={reset === 'resetting'}
            aria-busy={reset === 'resetting'}
          >
            <FormattedMessage
              id={reset === 'resetting' ? 'studio.preview.resetting' : 'studio.preview.reset'}
            />
          </button>
        )}
        <Link className="button button--primary" to={studioTopicPath(topicId)}>
          <FormattedMessage id="studio.preview.back" />
        </Link>
      </div>
    </section>
  );
}
