import type { Field, PasteProblem, PasteResult, PasteWarning } from '@portal/domain';
import { localise } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The check of a paste, before anything is added: every line that could not be read with its
 * number, its text and why; else the questions read (and what was read with a change).
 */
export function PasteCheck({
  id,
  result,
  text,
}: {
  id: string;
  result: PasteResult | null;
  text: string;
}) {
  const intl = useIntl();
  const lines = text.split(/\r\n|\r|\n/);
  if (!result)
    return (
      <p id={id} className="paste-check paste-check--empty" role="status">
        <FormattedMessage id="studio.paste.check.empty" />
      </p>
    );
  if (result.problems.length)
    return (
      <div id={id} className="message-box message-box--error paste-check" role="status">
        <p>
          <FormattedMessage
            id="studio.paste.check.problems"
            values={{ count: result.problems.length }}
          />
        </p>
        <ul className="paste-check__list">
          {result.problems.map((problem, i) => (
            <li key={i}>
              <strong>{where(problem, intl.formatMessage)}</strong>{' '}
              <FormattedMessage
                id={`studio.paste.problem.${problem.code}`}
                values={{ answer: '', letter: '', max: '', ...problem.values }}
              />
              <SourceLine text={lines[Number(problem.values?.at ?? problem.line) - 1]} />
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div id={id} className="message-box message-box--success paste-check" role="status">
      <p>
        <FormattedMessage
          id="studio.paste.check.ready"
          values={{ count: result.fragments.length }}
        />
      </p>
      <ol className="paste-check__list">
        {result.fragments.map((fragment) =>
          fragment.type === 'field' ? (
            <li key={fragment._id}>
              {localise(fragment.field.name, intl.locale)}{' '}
              <span className="paste-check__kind">
                (<FormattedMessage id={`studio.paste.kind.${kindOf(fragment.field)}`} />)
              </span>
            </li>
          ) : null,
        )}
      </ol>
      {result.warnings.length > 0 && <Warnings warnings={result.warnings} lines={lines} />}
    </div>
  );
}

function Warnings({ warnings, lines }: { warnings: PasteWarning[]; lines: string[] }) {
  const intl = useIntl();
  return (
    <>
      <p>
        <FormattedMessage id="studio.paste.check.warnings" />
      </p>
      <ul className="paste-check__list">
        {warnings.map((warning, i) => (
          <li key={i}>
            <strong>
              {intl.formatMessage({ id: 'studio.paste.line' }, { line: warning.line })}
            </strong>{' '}
            <FormattedMessage
              id={`studio.paste.warning.${warning.code}`}
              values={{ answer: '', ...warning.values }}
            />
            <SourceLine text={lines[warning.line - 1]} />
          </li>
        ))}
      </ul>
    </>
  );
}

function SourceLine({ text }: { text: string | undefined }) {
  if (!text?.trim()) return null;
  return <code className="paste-check__line">{text.trim()}</code>;
}

type FormatMessage = ReturnType<typeof useIntl>['formatMessage'];

function where(problem: PasteProblem, formatMessage: FormatMessage): string {
  if (problem.endLine === undefined)
    return formatMessage({ id: 'studio.paste.line' }, { line: problem.line });
  if (problem.values?.at)
    return formatMessage(
      { id: 'studio.paste.linesAt' },
      { line: problem.line, endLine: problem.endLine, at: problem.values.at },
    );
  return formatMessage(
    { id: 'studio.paste.lines' },
    { line: problem.line, endLine: problem.endLine },
  );
}

function kindOf(field: Field): 'radio' | 'boolean' | 'number' | 'string' | 'essay' {
  if (field.type === 'radio' || field.type === 'boolean' || field.type === 'number')
    return field.type;
  return field.correctValue === undefined ? 'essay' : 'string';
}
