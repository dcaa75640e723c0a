import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { useOrganisation } from '../../../lib/organisation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { peopleApi } from '../api/people-api';
import { ImportProgress, ProblemTable } from './import-parts';

/**
 * /admin/people/import: choose a CSV file (email, first name, last name, groups, roles), check it
 * (every bad row by line and why, nothing written), then import it and watch its progress.
 */
export function PeopleImport() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const id = useId();
  const toMessage = useErrorMessage();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  useDocumentTitle(intl.formatMessage({ id: 'admin.import.title' }));
  const check = useMutation({ mutationFn: (text: string) => peopleApi.dryRun(org.alias, text) });
  const start = useMutation({
    mutationFn: (text: string) => peopleApi.startImport(org.alias, text),
    onSuccess: (answer) => setImportId(answer.import._id),
  });
  const choose = async (chosen: File | undefined) => {
    check.reset();
    start.reset();
    setImportId(null);
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    check.mutate(text);
  };
  const result = check.data;
  const good = result
    ? result.rows - result.problems.filter((p) => p.reason !== 'tooManyRows').length
    : 0;

  return (
    <section className="admin-people" aria-labelledby="admin-import-title">
      <p>
        <Link to="/admin/people">
          <FormattedMessage id="admin.import.back" />
        </Link>
      </p>
      <h1 id="admin-import-title">
        <FormattedMessage id="admin.import.title" />
      </h1>
      <p>
        <FormattedMessage id="admin.import.intro" />
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          <FormattedMessage id="admin.import.file" />
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={Boolean(importId)}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      {check.isPending && (
        <p role="status">
          <FormattedMessage id="admin.import.checking" />
        </p>
      )}
      {(check.isError || start.isError) && (
        <ErrorBox>
          <p>{toMessage(check.error ?? start.error)}</p>
        </ErrorBox>
      )}
      {result && !importId && (
        <div className="admin-import__result">
          <p role="status">
            <FormattedMessage
              id="admin.import.checked"
              values={{
                rows: result.rows,
                bad: result.problems.length,
                creates: result.creates,
                updates: result.updates,
              }}
            />
          </p>
          {result.problems.length > 0 && <ProblemTable problems={result.problems} />}
          {good > 0 && file && (
            <button
              type="button"
              className="button button--primary"
              disabled={start.isPending}
              onClick={() =>
                start.mutate(
                  withoutBadLines(
                    file.text,
                    result.problems.map((p) => p.line),
                  ),
                )
              }
            >
              <FormattedMessage
                id={result.problems.length ? 'admin.import.startGood' : 'admin.import.start'}
                values={{ count: good }}
              />
            </button>
          )}
        </div>
      )}
      {importId && <ImportProgress id={importId} />}
    </section>
  );
}

/** The file without the lines the dry run refused (the header kept): what is imported. */
function withoutBadLines(text: string, lines: number[]): string {
  const bad = new Set(lines);
  return text
    .split(/\r?\n/)
    .filter((_, index) => !bad.has(index + 1))
    .join('\n');
}
