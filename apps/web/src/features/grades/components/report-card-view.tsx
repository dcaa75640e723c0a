import type { PageView, Scores } from '@portal/domain';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { buildReport } from '../lib/report';
import { ReportTable } from './report-table';

/** The whole report card from a grade answer: the total, then each page's scored fields. */
export function ReportCardView({ pages, scores }: { pages: readonly PageView[]; scores: Scores }) {
  const intl = useIntl();
  const totalId = useId();
  const report = useMemo(() => buildReport(pages, scores), [pages, scores]);
  const percent = intl.formatNumber(report.percent / 100, { style: 'percent' });

  return (
    <div className="report-card__body">
      <section className="report-total surface-card" aria-labelledby={totalId}>
        <h2 id={totalId} className="report-total__title">
          <FormattedMessage id="grades.total" />
        </h2>
        {report.total > 0 ? (
          <>
            <p className="report-total__figures">
              <span className="report-total__score" data-testid="report-score">
                <FormattedMessage
                  id="grades.scoreOutOf"
                  values={{ score: report.score, total: report.total }}
                />
              </span>
              <span className="report-total__percent" data-testid="report-percent">
                {percent}
              </span>
            </p>
            <div className="report-total__bar" aria-hidden="true">
              <span className="report-total__fill" style={{ width: `${report.percent}%` }} />
            </div>
          </>
        ) : (
          // Nothing scored in the topic: no "0 / 0" and no empty bar (issue 24).
          <p className="report-total__figures">
            <span className="report-total__score" data-testid="report-score">
              <FormattedMessage id="grades.nothingGraded" />
            </span>
          </p>
        )}
        {report.unanswered > 0 && (
          <p className="report-total__unanswered" data-testid="report-unanswered">
            <FormattedMessage id="grades.unansweredLeft" values={{ count: report.unanswered }} />
          </p>
        )}
      </section>
      {report.sections.length === 0 ? (
        <p className="report-card__empty">
          <FormattedMessage id="grades.empty" />
        </p>
      ) : (
        report.sections.map((section) => <ReportTable key={section.pageId} section={section} />)
      )}
    </div>
  );
}
