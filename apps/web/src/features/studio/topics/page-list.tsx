import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog';
import { useOrganisation } from '../../../lib/organisation';
import type { DraftTopic } from '../lib/draft-saver';
import { displayText } from '../lib/localised';
import { SortableList } from './sortable-list';
import { newId } from '../editor/model/ids';

type Page = DraftTopic['pages'][number];

interface PageListProps {
  topic: DraftTopic;
  selectedPageId: string | undefined;
  /** The address that selects a page. */
  pageHref: (pageId: string) => string;
  onChange: (pages: Page[]) => void;
  /** Selects the page just added. */
  onAdded: (pageId: string) => void;
}

/** A page id not used in the topic yet: page-1, page-2… */
export function newPageId(topic: DraftTopic): string {
  // Page ids are unique across the organisation (formulas name pages): random, not "page-2".
  const ids = new Set(topic.pages.map((page) => page._id));
  let id = newId('page');
  while (ids.has(id)) id = newId('page');
  return id;
}

/** The topic's pages in order: select, add, reorder (drag or keyboard), remove. */
export function PageList({ topic, selectedPageId, pageHref, onChange, onAdded }: PageListProps) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const [removing, setRemoving] = useState<Page | null>(null);
  const getId = useCallback((page: Page) => page._id, []);
  const nameOf = useCallback(
    (page: Page) =>
      displayText(page.name, locale, intl.formatMessage({ id: 'studio.pages.untitled' })),
    [locale, intl],
  );

  function add() {
    const id = newPageId(topic);
    const name = intl.formatMessage(
      { id: 'studio.pages.newName' },
      { number: topic.pages.length + 1 },
    );
    onChange([
      ...topic.pages,
      {
        _id: id,
        name: Object.fromEntries(org.locales.map((each) => [each, each === locale ? name : ''])),
        visibility: 'Public',
        fragments: [],
      },
    ]);
    onAdded(id);
  }

  return (
    <nav className="studio-pages" aria-labelledby="studio-pages-title">
      <h2 id="studio-pages-title" className="studio-pages__title">
        <FormattedMessage id="studio.pages.title" />
      </h2>
      {topic.pages.length === 0 ? (
        <p className="studio-empty">
          <FormattedMessage id="studio.pages.empty" />
        </p>
      ) : (
        <SortableList
          items={topic.pages}
          getId={getId}
          getLabel={nameOf}
          label={intl.formatMessage({ id: 'studio.pages.title' })}
          onReorder={onChange}
          renderItem={(page, index) => (
            <span className="studio-pages__row">
              <Link
                className="studio-pages__link"
                to={pageHref(page._id)}
                aria-current={page._id === selectedPageId ? 'page' : undefined}
              >
                <span className="studio-pages__number" aria-hidden="true">
                  {index + 1}.
                </span>{' '}
                {nameOf(page)}
              </Link>
              <button
                type="button"
                className="icon-button studio-pages__remove"
                aria-label={intl.formatMessage(
                  { id: 'studio.pages.remove' },
                  { name: nameOf(page) },
                )}
                onClick={() => setRemoving(page)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </span>
          )}
        />
      )}
      <button type="button" className="button button--secondary studio-pages__add" onClick={add}>
        <FormattedMessage id="studio.pages.add" />
      </button>
      {removing && (
        <ModalDialog
          open
          onClose={() => setRemoving(null)}
          title={<FormattedMessage id="studio.pages.removeTitle" />}
          closeLabel={intl.formatMessage({ id: 'studio.close' })}
        >
          <p>
            <FormattedMessage
              id="studio.pages.removeBody"
              values={{ name: nameOf(removing), fields: fieldCount(removing) }}
            />
          </p>
          <div className="studio-dialog__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                onChange(topic.pages.filter((page) => page._id !== removing._id));
                setRemoving(null);
              }}
            >
              <FormattedMessage id="studio.pages.removeConfirm" />
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setRemoving(null)}
            >
              <FormattedMessage id="studio.cancel" />
            </button>
          </div>
        </ModalDialog>
      )}
    </nav>
  );
}

function fieldCount(page: Page): number {
  return page.fragments.filter((fragment) => fragment.type === 'field').length;
}
