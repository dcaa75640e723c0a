import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SafeHtml } from '../../../components/safe-html';
import type { ReportResult, ReportRow, ReportSection } from '../lib/report';

const marks = {
  correct: { icon: '✓', message: 'grades.correct' },
  incorrect: { icon: '✗', message: 'grades.incorrect' },
  // Neither right nor wrong: a neutral dash, not a red cross.
  unanswered: { icon: '–', message: 'grades.unanswered' },
} as const satisfies Record<ReportResult, { icon: string; message: string }>;

/** Right, wrong or not answered as an icon and a word, never by colour alone. */
export function ResultMark({ result }: { result: ReportResult }) {
  const mark = marks[result];
  return (
    <span className={`result-mark result-mark--${result}`}>
      <span className="result-mark__icon" aria-hidden="true">
        {mark.icon}
      </span>
      <FormattedMessage id={mark.message} />
    </span>
  );
}

function Row({ row }: { row: ReportRow }) {
  return (
    <tr className={`report-table__row report-table__row--${row.result}`}>
      <th scope="row" className="report-table__field">
        <span className="report-table__name">{row.name}</span>
        {row.question && <SafeHtml className="prose report-table__question" html={row.question} />}
      </th>
      <td className="report-table__result">
        <ResultMark result={row.result} />
      </td>
      <td className="report-table__weight">
        <FormattedMessage id="grades.points" values={{ count: row.scoreWeight }} />
      </td>
    </tr>
  );
}

/** The scored fields of one page: name and question, right or wrong, and weight. */
export function ReportTable({ section }: { section: ReportSection }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section className="report-section" aria-labelledby={headingId}>
      <div className="report-section__head">
        <h2 id={headingId} className="report-section__title">
          {section.pageName}
        </h2>
        <p className="report-section__score">
          <FormattedMessage
            id="grades.pageScore"
            values={{ score: section.score, total: section.total }}
          />
          {section.unanswered > 0 && (
            <>
              {' · '}
              <FormattedMessage id="grades.pageUnanswered" values={{ count: section.unanswered }} />
            </>
          )}
        </p>
      </div>
      <div className="report-table__scroller">
        <table className="report-table">
          <caption className="visually-hidden">
            {intl.formatMessage({ id: 'grades.tableCaption' }, { page: section.pageName })}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="grades.column.question" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.result" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.weight" />
              </th>
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <Row key={row.fieldId} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
