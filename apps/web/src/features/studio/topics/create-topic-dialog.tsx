import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { isApiError } from '../../../lib/api/client';
import { ModalDialog } from '../../../components/modal-dialog';
import { TextField } from '../../../components/text-field';
import { useOrganisation } from '../../../lib/organisation';
import { studioPaths } from '../lib/studio-paths';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { createStudioTopic, studioKeys } from '../api/studio-api';
import { languageName } from '../lib/localised';

/** "New topic": its id and its name in each of the organisation's locales; then its workspace. */
export function CreateTopicButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        <FormattedMessage id="studio.create.open" />
      </button>
      {open && <CreateTopicDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function CreateTopicDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const [id, setId] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      createStudioTopic(org.alias, {
        _id: id,
        name: Object.fromEntries(org.locales.map((each) => [each, names[each]?.trim() ?? ''])),
        visibility: 'Public',
        allowMultiWorksheets: false,
        showGradeReport: false,
        pages: [],
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: studioKeys.topics(org.alias, viewer) });
      void navigate(studioPaths.topic(id));
    },
  });
  // The id's rule is the domain's (content-pack.ts idSchema), checked by the server: its 400
  // names the id. Kept out of this bundle, whose shared chunks every first load lists.
  const idRefused =
    isApiError(create.error, 400) && Boolean(create.error.body?.errfor?.['topic._id']);
  const idError =
    submitted && (!id || idRefused)
      ? intl.formatMessage({ id: 'studio.create.idInvalid' })
      : undefined;
  const hasName = org.locales.some((each) => names[each]?.trim());
  const nameError =
    submitted && !hasName ? intl.formatMessage({ id: 'studio.create.nameRequired' }) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!id || !hasName) return;
    create.mutate();
  }

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={<FormattedMessage id="studio.create.title" />}
      closeLabel={intl.formatMessage({ id: 'studio.close' })}
    >
      <form className="form" onSubmit={submit} noValidate>
        {create.isError && !idRefused && (
          <ErrorBox>
            <p>{toMessage(create.error)}</p>
          </ErrorBox>
        )}
        <TextField
          label={<FormattedMessage id="studio.create.id" />}
          hint={<FormattedMessage id="studio.create.idHint" />}
          value={id}
          onChange={(event) => setId(event.target.value.trim())}
          error={idError}
          autoComplete="off"
          spellCheck={false}
          required
        />
        {org.locales.map((each) => (
          <TextField
            key={each}
            lang={each}
            label={
              <FormattedMessage
                id="studio.create.name"
                values={{ language: languageName(each, locale) }}
              />
            }
            value={names[each] ?? ''}
            onChange={(event) => setNames({ ...names, [each]: event.target.value })}
            error={each === org.locales[0] ? nameError : undefined}
          />
        ))}
        <div className="studio-dialog__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            <FormattedMessage
              id={create.isPending ? 'studio.create.creating' : 'studio.create.submit'}
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
