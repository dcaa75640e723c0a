import { FormattedMessage } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { useErrorMessage } from '../../../lib/use-error-message';
import type { CatalogueEditor } from './use-catalogue';

/**
 * The catalogue's changes wait here for Save (an order is made in several moves, saved once);
 * a stale save says that someone else changed it and shows theirs.
 */
export function CatalogueBar({ editor }: { editor: CatalogueEditor }) {
  const toMessage = useErrorMessage();
  return (
    <div className="studio-catalogue-bar" aria-live="polite">
      {editor.wasStale && (
        <NoticeBox>
          <p>
            <FormattedMessage id="studio.catalogue.stale" />
          </p>
        </NoticeBox>
      )}
      {editor.saveError && (
        <ErrorBox>
          <p>{toMessage(editor.saveError)}</p>
        </ErrorBox>
      )}
      {editor.isChanged && (
        <div className="studio-catalogue-bar__actions">
          <p>
            <FormattedMessage id="studio.catalogue.changed" />
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={editor.saving}
            onClick={editor.save}
          >
            <FormattedMessage
              id={editor.saving ? 'studio.catalogue.saving' : 'studio.catalogue.save'}
            />
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={editor.saving}
            onClick={editor.discard}
          >
            <FormattedMessage id="studio.catalogue.discard" />
          </button>
        </div>
      )}
    </div>
  );
}
