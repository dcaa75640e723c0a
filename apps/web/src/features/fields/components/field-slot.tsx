import { uploadFileEvent } from '@portal/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useTrackEvent } from '../../../lib/analytics/events';
import { uploadFile } from '../../../lib/api/uploads';
import { useOrganisation } from '../../../lib/organisation';
import { useSession } from '../../../lib/session/session-context';
import { useTopicSource } from '../../../lib/topic-outlet';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useTopicWorkbook, type FieldSlotProps } from '../../../lib/workbook';
import { sendAnalyticsEvent } from '../api/fields-api';
import { FieldControl, type FileOptions } from './field-control';
import type { FileValue } from './file-field';

const ignoreEvent = () => undefined;

/**
 * A field of a page, bound to the current worksheet of the topic (lib/workbook.ts): its answer
 * and its edits.
 */
export function FieldSlot({ field, pageId, pageName, readOnly = false }: FieldSlotProps) {
  const workbook = useTopicWorkbook();
  const { account, isSignedIn } = useSession();
  const { org } = useOrganisation();
  const describeError = useErrorMessage();
  const { setAnswer, save } = workbook;
  const topicName = workbook.topic.name;
  const fieldId = field._id;

  // FIELD_ANSWERED (issue 15, point 23) when an answer is saved, once per new value.
  const trackEvent = useTrackEvent();
  // A preview's answers are nobody's learning (lib/topic-outlet.ts).
  const { recordsLearning } = useTopicSource();
  const track = recordsLearning ? trackEvent : ignoreEvent;
  const topicId = workbook.topicId;
  const latest = useRef<unknown>(undefined);
  const answered = useRef<string | undefined>(undefined);
  const trackAnswer = useCallback(() => {
    const value = JSON.stringify(latest.current ?? null);
    if (latest.current === undefined || answered.current === value) return;
    answered.current = value;
    track('FIELD_ANSWERED', { topicId, pageId, fieldId });
  }, [track, topicId, pageId, fieldId]);

  const onChange = useCallback(
    (value: unknown, options?: { save?: boolean }) => {
      setAnswer(fieldId, value, options);
      latest.current = value;
      if (options?.save) trackAnswer();
    },
    [setAnswer, fieldId, trackAnswer],
  );
  const onCommit = useCallback(() => {
    save();
    trackAnswer();
  }, [save, trackAnswer]);

  const file = useMemo<FileOptions>(
    () => ({
      isSignedIn,
      describeError,
      upload: (chosen: File) => uploadFile(org.upload, chosen),
      onUploaded: (uploaded: FileValue) => {
        if (!account || !recordsLearning) return;
        // The UPLOAD_FILE event (category UPLOAD), with the email, file, topic and page names.
        const event = uploadFileEvent({
          email: account.user.id.email,
          fileName: uploaded.original_filename,
          topicName,
          pageName,
        });
        sendAnalyticsEvent(org.alias, event).catch((error: unknown) =>
          console.warn('The upload event was not sent', error),
        );
      },
    }),
    [
      isSignedIn,
      describeError,
      org.upload,
      org.alias,
      account,
      topicName,
      pageName,
      recordsLearning,
    ],
  );

  return (
    <FieldControl
      // Another worksheet starts every input afresh (a number being typed, an upload's state).
      key={workbook.worksheetIndex}
      field={field}
      value={workbook.answers[fieldId]}
      onChange={onChange}
      onCommit={onCommit}
      readOnly={readOnly}
      file={file}
    />
  );
}
