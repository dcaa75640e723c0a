import type { Topic } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { publishStudioTopic, studioKeys } from '../api/studio-api';
import type { DraftSaver } from '../lib/draft-saver';
import { untranslatedCount } from '../lib/localised';
import {
  accessibilityWarnings,
  blockingProblems,
  type ProblemLocation,
  type PublishProblem,
} from './publish-checks';

export type { ProblemLocation } from './publish-checks';

interface PublishDialogProps {
  topicId: string;
  saver: DraftSaver;
  /** The organisation's general topic as published (undefined while it loads). */
  general: Topic | null | undefined;
  /** Closes the dialog and shows where a problem is. */
  onGoTo: (location: ProblemLocation) => void;
  onClose: () => void;
  onPublished: (version: number) => void;
}

/** The problems a refused publish names (400: unknown references, loops), one a line. */
function problemsOf(error: unknown, locale: string): string[] {
  if (!isApiError(error, 400) || !error.body) return [];
  const texts = error.body.errors.map((message) =>
    typeof message === 'string' ? message : (message[locale] ?? Object.values(message)[0] ?? ''),
  );
  return [...texts, ...Object.values(error.body.errfor ?? {})].filter(Boolean);
}

/**
 * Publish with a note, after a check list: the draft must be saved (it is saved now); formulas
 * and show conditions must read and name what exists, and their test cases pass (checked here
 * first, as the server checks them); what is untranslated and what learners with assistive
 * technologies would miss are warnings, not stops, each with a link to where it is.
 */
export function PublishDialog({
  topicId,
  saver,
  general,
  onGoTo,
  onClose,
  onPublished,
}: PublishDialogProps) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [flushed, setFlushed] = useState(false);
  useEffect(() => {
    void saver.flush().finally(() => setFlushed(true));
  }, [saver]);
  const draft = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot);
  const isSaved = flushed && draft.status.kind === 'saved';
  const untranslated = untranslatedCount(draft.topic, org.locales);
  // The checks read the whole topic: a long one is checked after the dialog is drawn.
  const checked = useDeferredValue(general === undefined ? null : draft.topic);
  const checks = useMemo(
    () =>
      checked === null || general === undefined
        ? null
        : {
            blocking: blockingProblems(intl, checked, locale, general),
            warnings: accessibilityWarnings(intl, checked, locale, org.locales),
          },
    [checked, general, intl, locale, org.locales],
  );
  const isChecked = checks !== null && checked === draft.topic;
  const isBlocked = !isChecked || checks.blocking.length > 0;
  const publish = useMutation({
    mutationFn: () => publishStudioTopic(org.alias, topicId, note),
    onSuccess: async ({ publishedVersion }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.topics(org.alias, viewer) }),
        queryClient.invalidateQueries({
          queryKey: studioKeys.versions(org.alias, viewer, topicId),
        }),
      ]);
      onPublished(publishedVersion);
    },
  });
  const problems = problemsOf(publish.error, locale);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isSaved && !isBlocked) publish.mutate();
  }

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={<FormattedMessage id="studio.publish.title" />}
      closeLabel={intl.formatMessage({ id: 'studio.close' })}
    >
      <form className="form" onSubmit={submit}>
        <h3 className="studio-checklist__title">
          <FormattedMessage id="studio.publish.checks" />
        </h3>
        <ul className="studio-checklist">
          <li data-ok={isSaved}>
            {isSaved ? (
              <FormattedMessage id="studio.publish.saved" />
            ) : flushed ? (
              <FormattedMessage id="studio.publish.notSaved" />
            ) : (
              <FormattedMessage id="studio.publish.saving" />
            )}
          </li>
          <li data-ok={isChecked && checks.blocking.length === 0}>
            {!isChecked ? (
              <FormattedMessage id="studio.publish.checking" />
            ) : (
              <FormattedMessage
                id="studio.publish.formulaProblems"
                values={{ count: checks.blocking.length }}
              />
            )}
          </li>
          <li data-ok={untranslated === 0}>
            <FormattedMessage id="studio.translation.count" values={{ count: untranslated }} />
          </li>
          {checks && (
            <li data-ok={checks.warnings.length === 0}>
              <FormattedMessage
                id="studio.publish.accessibilityCount"
                values={{ count: checks.warnings.length }}
              />
            </li>
          )}
        </ul>
        {checks && checks.blocking.length > 0 && (
          <ErrorBox>
            <p>
              <FormattedMessage id="studio.publish.refused" />
            </p>
            <ProblemList problems={checks.blocking} onGoTo={onGoTo} />
          </ErrorBox>
        )}
        {checks && checks.warnings.length > 0 && (
          <NoticeBox>
            <p>
              <FormattedMessage id="studio.publish.accessibilityTitle" />
            </p>
            <ProblemList problems={checks.warnings} onGoTo={onGoTo} />
          </NoticeBox>
        )}
        {problems.length > 0 && (
          <ErrorBox>
            <p>
              <FormattedMessage id="studio.publish.refused" />
            </p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </ErrorBox>
        )}
        {publish.isError && problems.length === 0 && (
          <ErrorBox>
            <p>{toMessage(publish.error)}</p>
          </ErrorBox>
        )}
        {untranslated > 0 && (
          <NoticeBox>
            <p>
              <FormattedMessage id="studio.publish.warningsDoNotBlock" />
            </p>
          </NoticeBox>
        )}
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            <FormattedMessage id="studio.publish.note" />
          </label>
          <textarea
            id={noteId}
            className="field__input"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="studio-dialog__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!isSaved || isBlocked || publish.isPending}
          >
            <FormattedMessage
              id={publish.isPending ? 'studio.publish.publishing' : 'studio.publish.submit'}
            />
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <FormattedMessage id="studio.cancel" />
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function ProblemList({
  problems,
  onGoTo,
}: {
  problems: readonly PublishProblem[];
  onGoTo: (location: ProblemLocation) => void;
}) {
  return (
    <ul className="studio-problems">
      {problems.map((problem) => (
        <li key={problem.key} className="studio-problems__item">
          <span>{problem.text}</span>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() =>
              onGoTo({
                pageId: problem.pageId,
                fragmentId: problem.fragmentId,
                path: problem.path,
              })
            }
          >
            <FormattedMessage id="studio.publish.goTo" values={{ where: problem.where }} />
          </button>
        </li>
      ))}
    </ul>
  );
}
