import type { Fragment, Page, Topic } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { studioAnswerCountsQuery } from '../api/studio-api';
import { PageEditor, type PageEditorHandle } from '../editor';
import { PasteQuestionsDialog } from '../paste/paste-questions-dialog';
import { topicIds } from './topic-ids';

const NO_COUNTS: Readonly<Record<string, number>> = Object.freeze({});

export interface PageEditorPaneProps {
  topicId: string;
  topic: Topic;
  page: Page;
  /** The editor's page: only its blocks are taken (the page's settings are edited beside it). */
  onChange: (page: Page) => void;
  /** A block to select once the editor shows this page (a link from the publish check list). */
  focusFragment?: { fragmentId: string; nonce: number } | null;
  /** The block asked for is selected (or cannot be). */
  onFocused?: () => void;
  /** The editor's handle as it comes and goes (the shell flushes it before a save). */
  onEditor?: (handle: PageEditorHandle | null) => void;
}

/**
 * The page editor (features/studio/editor) of the selected page, with what it needs from the
 * shell: the organisation's locales and glossary, how many learners answered each field (asked
 * before a field with answers is removed or retyped), and the paste of GIFT or Aiken questions
 * into the page.
 */
export function PageEditorPane({
  topicId,
  topic,
  page,
  onChange,
  focusFragment,
  onFocused,
  onEditor,
}: PageEditorPaneProps) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const answers = useQuery(studioAnswerCountsQuery(org.alias, viewer, topicId));
  const [pasting, setPasting] = useState(false);
  const handle = useRef<PageEditorHandle | null>(null);
  const taken = useMemo(() => (pasting ? topicIds(topic) : undefined), [pasting, topic]);
  const contentLocale = org.locales.includes(intl.locale) ? intl.locale : org.locales[0];

  const setHandle = useCallback(
    (value: PageEditorHandle | null) => {
      handle.current = value;
      onEditor?.(value);
    },
    [onEditor],
  );

  const focusId = focusFragment?.fragmentId;
  const focusNonce = focusFragment?.nonce;
  useEffect(() => {
    if (focusId === undefined || !handle.current) return;
    handle.current.select(focusId);
    onFocused?.();
    // Once per request (its nonce), when the editor is there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusId, focusNonce, answers.isPending]);

  function insert(fragments: Fragment[]) {
    handle.current?.insertFragments(fragments);
    handle.current?.focus();
  }

  return (
    <div className="studio-page-editor">
      <div className="studio-page-editor__tools">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setPasting(true)}
        >
          <FormattedMessage id="studio.paste.open" />
        </button>
      </div>
      {answers.isError && (
        <ErrorBox>
          <p>
            <FormattedMessage
              id="studio.answers.loadError"
              values={{ error: toMessage(answers.error) }}
            />
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void answers.refetch()}
          >
            <FormattedMessage id="studio.retry" />
          </button>
        </ErrorBox>
      )}
      {answers.isPending ? (
        // Removing a field asks first when learners answered it: the counts come before the editor.
        <Spinner label={<FormattedMessage id="studio.answers.loading" />} />
      ) : (
        <PageEditor
          ref={setHandle}
          page={page}
          topic={topic}
          locales={org.locales}
          glossary={org.glossary}
          answerCounts={answers.data?.fields ?? NO_COUNTS}
          onChange={onChange}
        />
      )}
      <PasteQuestionsDialog
        open={pasting}
        onClose={() => setPasting(false)}
        onInsert={insert}
        {...(contentLocale && { locale: contentLocale })}
        {...(taken && { takenIds: taken })}
      />
    </div>
  );
}
