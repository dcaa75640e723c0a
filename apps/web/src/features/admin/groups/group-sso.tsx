import type { ConsoleGroupsAnswer, ConsoleSsoTestAnswer } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/client';
import type { LocalisedText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { groupsKey, saveGroupSso, testGroupSso } from '../api/groups-api';
import { LocalisedInput } from '../settings/localised-input';

type Group = ConsoleGroupsAnswer['groups'][number];

/**
 * A group's single sign-on: the provider's issuer, the portal's client id there, its secret
 * (write-only: left empty, the one set stays for the same issuer), the prompt on the sign-in
 * page; "Test the connection" asks the provider before anything is saved.
 */
export function GroupSso({ group }: { group: Group }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [issuer, setIssuer] = useState(group.sso?.issuer ?? '');
  const [clientId, setClientId] = useState(group.sso?.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [prompt, setPrompt] = useState<LocalisedText>(
    (group.sso?.prompt as LocalisedText | null) ?? {},
  );
  const [saved, setSaved] = useState<'saved' | 'cleared' | null>(null);

  const save = useMutation({
    mutationFn: (clear: boolean) =>
      saveGroupSso(
        org.alias,
        group._id,
        clear
          ? null
          : {
              issuer: issuer.trim(),
              clientId: clientId.trim(),
              ...(secret && { clientSecret: secret }),
              ...(hasText(prompt) && { prompt: prompt as Record<string, string> }),
            },
      ),
    onSuccess: async (_answer, clear) => {
      setSecret('');
      setSaved(clear ? 'cleared' : 'saved');
      if (clear) {
        setIssuer('');
        setClientId('');
        setPrompt({});
      }
      await queryClient.invalidateQueries({ queryKey: groupsKey(org.alias, viewer) });
    },
  });
  const test = useMutation({
    mutationFn: () => testGroupSso(org.alias, group._id, issuer.trim() || undefined),
  });
  const fieldError = (name: string) =>
    isApiError(save.error, 400) && save.error.body?.errfor?.[name]
      ? String(save.error.body.errfor[name])
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    save.mutate(false);
  };

  return (
    <form
      className="admin-settings__section admin-sso"
      aria-labelledby="admin-group-sso"
      onSubmit={submit}
      noValidate
    >
      <h2 id="admin-group-sso">
        <FormattedMessage id="admin.groups.sso.title" />
      </h2>
      <p className="field__hint">
        <FormattedMessage id="admin.groups.sso.intro" />
      </p>
      <p className="admin-sso__detail">
        <FormattedMessage id="admin.groups.sso.redirect" />{' '}
        <code>{`${window.location.origin}/oauth/callback/${encodeURIComponent(group._id)}`}</code>
      </p>
      {save.isError && !fieldError('issuer') && !fieldError('clientSecret') && (
        <ErrorBox>
          <p>{toMessage(save.error)}</p>
        </ErrorBox>
      )}
      {saved && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage
              id={saved === 'saved' ? 'admin.groups.sso.saved' : 'admin.groups.sso.cleared'}
            />
          </p>
        </NoticeBox>
      )}
      <TextField
        label={<FormattedMessage id="admin.groups.sso.issuer" />}
        hint={<FormattedMessage id="admin.groups.sso.issuerHint" />}
        type="url"
        inputMode="url"
        value={issuer}
        onChange={(e) => {
          setIssuer(e.target.value);
          setSaved(null);
        }}
        error={fieldError('issuer')}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <TextField
        label={<FormattedMessage id="admin.groups.sso.clientId" />}
        value={clientId}
        onChange={(e) => {
          setClientId(e.target.value);
          setSaved(null);
        }}
        error={fieldError('clientId')}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <TextField
        label={<FormattedMessage id="admin.groups.sso.secret" />}
        hint={
          <FormattedMessage
            id={group.sso?.secretSet ? 'admin.groups.sso.secretSet' : 'admin.groups.sso.secretNone'}
          />
        }
        type="password"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={fieldError('clientSecret')}
        autoComplete="new-password"
      />
      <LocalisedInput
        label={intl.formatMessage({ id: 'admin.groups.sso.prompt' })}
        value={prompt}
        locales={org.locales}
        onChange={setPrompt}
      />
      <div className="admin-dialog__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          <FormattedMessage id="admin.groups.sso.save" />
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={test.isPending || !issuer.trim()}
          aria-busy={test.isPending}
          onClick={() => test.mutate()}
        >
          <FormattedMessage
            id={test.isPending ? 'admin.groups.sso.testing' : 'admin.groups.sso.test'}
          />
        </button>
        {group.sso && (
          <button
            type="button"
            className="button button--secondary"
            disabled={save.isPending}
            onClick={() => {
              setSaved(null);
              save.mutate(true);
            }}
          >
            <FormattedMessage id="admin.groups.sso.clear" />
          </button>
        )}
      </div>
      <div aria-live="polite">
        {test.isError && (
          <ErrorBox>
            <p>{toMessage(test.error)}</p>
          </ErrorBox>
        )}
        {test.data && <TestResult result={test.data} />}
      </div>
    </form>
  );
}

function hasText(text: LocalisedText): boolean {
  return typeof text === 'string'
    ? text.trim() !== ''
    : Object.values(text).some((value) => value?.trim());
}

/** What the provider answered, in words, with the technical detail for whoever set it up. */
function TestResult({ result }: { result: ConsoleSsoTestAnswer }) {
  const body = (
    <>
      <p>
        <FormattedMessage
          id={result.ok ? 'admin.groups.sso.ok' : `admin.groups.sso.problem.${result.problem!}`}
          values={{ issuer: result.issuer }}
        />
      </p>
      {!result.ok && (
        <p className="admin-sso__detail">
          <code>{result.detail}</code>
        </p>
      )}
      {result.endpoints && (
        <dl className="admin-sso__endpoints">
          {(['authorization', 'token', 'jwks'] as const).map((key) =>
            result.endpoints?.[key] ? (
              <div key={key}>
                <dt>
                  <FormattedMessage id={`admin.groups.sso.endpoint.${key}`} />
                </dt>
                <dd>
                  <code>{result.endpoints[key]}</code>
                </dd>
              </div>
            ) : null,
          )}
        </dl>
      )}
    </>
  );
  return result.ok ? <NoticeBox tone="success">{body}</NoticeBox> : <ErrorBox>{body}</ErrorBox>;
}
