import type { TopicView } from '@portal/domain';
import { useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PrintSource } from '../lib/printable';
import { PrintFragment } from './print-fragment';

interface PrintViewProps {
  topic: TopicView;
  source: PrintSource;
  onCancel: () => void;
  onPrint: () => void;
}

/**
 * Every page of the topic the learner sees, one after the other, with their answers read-only
 * (docs/product-spec.md §2). On paper each page starts a new sheet and the buttons stay behind (print.css).
 */
export function PrintView({ topic, source, onCancel, onPrint }: PrintViewProps) {
  const intl = useIntl();
  const titleId = useId();
  const pages = useMemo(
    () =>
      topic.pages.filter(source.isShown).map((page) => ({
        page,
        fragments: page.fragments.filter(source.isShown),
      })),
    [topic, source.isShown],
  );

  return (
    <article className="print-view" aria-labelledby={titleId}>
      <div
        className="print-view__actions"
        role="group"
        aria-label={intl.formatMessage({ id: 'print.actions' })}
      >
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <FormattedMessage id="print.cancel" />
        </button>
        <button type="button" className="button button--primary" onClick={onPrint}>
          <FormattedMessage id="print.print" />
        </button>
      </div>
      <header className="print-view__header">
        <h1 id={titleId} className="print-view__title">
          {topic.name}
        </h1>
        {source.worksheetName && (
          <p className="print-view__worksheet">
            <FormattedMessage id="print.worksheet" values={{ name: source.worksheetName }} />
          </p>
        )}
        <p className="print-view__intro">
          <FormattedMessage id="print.intro" />{' '}
          <FormattedMessage id="print.pageCount" values={{ count: pages.length }} />
        </p>
      </header>
      {pages.map(({ page, fragments }) => (
        <PrintPage key={page._id} pageName={page.name}>
          {fragments.map((fragment) => (
            <div key={fragment._id} className={`print-fragment print-fragment--${fragment.type}`}>
              <PrintFragment fragment={fragment} page={page} source={source} />
            </div>
          ))}
        </PrintPage>
      ))}
    </article>
  );
}

function PrintPage({ pageName, children }: { pageName: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="print-page" aria-labelledby={headingId}>
      <h2 id={headingId} className="print-page__title">
        {pageName}
      </h2>
      <div className="print-page__fragments">{children}</div>
    </section>
  );
}
