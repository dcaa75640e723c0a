import { uploadFileEvent } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../../app/session/session-context';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useTopicWorkbook, type FieldSlotProps } from '../../../lib/workbook';
import { sendAnalyticsEvent, uploadFieldFile } from '../api/fields-api';
import { FieldControl, type FileOptions } from './field-control';
import type { FileValue } from './file-field';

const noop = () => {};

/**
 * A field of a page, bound to the current worksheet of the topic (lib/workbook.ts): its answer
 * and its edits. Outside a topic's workbook it shows read-only.
 */
export function FieldSlot({ field, pageName, readOnly = false }: FieldSlotProps) {
  const workbook = useTopicWorkbook();
  const { account, isSignedIn } = useSession();
  const { org } = useOrganisation();
  const describeError = useErrorMessage();
  const setAnswer = workbook?.setAnswer;
  const save = workbook?.save ?? noop;
  const topicName = workbook?.topic.name ?? '';
  const fieldId = field._id;

  const onChange = useCallback(
    (value: unknown, options?: { save?: boolean }) => setAnswer?.(fieldId, value, options),
    [setAnswer, fieldId],
  );

  const file = useMemo<FileOptions>(
    () => ({
      isSignedIn,
      describeError,
      upload: (chosen: File) => uploadFieldFile(org.upload, chosen),
      onUploaded: (uploaded: FileValue) => {
        if (!account) return;
        // Spec §1: UPLOAD_FILE, category UPLOAD, with the email, file, topic and page names.
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
    [isSignedIn, describeError, org.upload, org.alias, account, topicName, pageName],
  );

  return (
    <FieldControl
      // Another worksheet starts every input afresh (a number being typed, an upload's state).
      key={workbook?.worksheetIndex ?? 0}
      field={field}
      value={workbook?.answers[fieldId]}
      onChange={onChange}
      onCommit={save}
      readOnly={readOnly || !workbook}
      file={file}
    />
  );
}
