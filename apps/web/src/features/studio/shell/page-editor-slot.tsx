import { FormattedMessage } from 'react-intl';
import { SafeHtml } from '../../../components/safe-html';
import type { DraftTopic } from '../lib/draft-saver';
import { displayText, textIn } from '../lib/localised';

type Page = DraftTopic['pages'][number];

export interface PageEditorSlotProps {
  page: Page;
  locale: string;
  locales: readonly string[];
  onChange: (page: Page) => void;
}

/**
 * Where the page editor (features/studio/editor, on its own branch) goes: until it is merged,
 * the page's fragments read-only, as blocks, so an author sees what the page holds.
 */
export function PageEditorSlot({ page, locale }: PageEditorSlotProps) {
  return (
    <div className="studio-editor-slot">
      <p className="studio-editor-slot__note">
        <FormattedMessage id="studio.slot.readOnly" />
      </p>
      {page.fragments.length === 0 ? (
        <p className="studio-empty">
          <FormattedMessage id="studio.slot.empty" />
        </p>
      ) : (
        <ol className="studio-blocks">
          {page.fragments.map((fragment) => (
            <li key={fragment._id} className={`studio-block studio-block--${fragment.type}`}>
              {fragment.type === 'content' && (
                <SafeHtml className="prose" html={textIn(fragment.content, locale)} />
              )}
              {fragment.type === 'field' && (
                <p>
                  <FormattedMessage
                    id="studio.slot.field"
                    values={{
                      name: displayText(fragment.field.name, locale, fragment.field._id),
                      type: fragment.field.type,
                    }}
                  />
                </p>
              )}
              {fragment.type === 'formula' && (
                <p>
                  <FormattedMessage
                    id="studio.slot.formula"
                    values={{
                      name: displayText(fragment.formula.name, locale, fragment.formula._id),
                    }}
                  />{' '}
                  <code>{fragment.formula.body}</code>
                </p>
              )}
              {fragment.type === 'attachment' && (
                <p>
                  <FormattedMessage
                    id="studio.slot.attachment"
                    values={{ name: displayText(fragment.attachment.name, locale, fragment._id) }}
                  />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
