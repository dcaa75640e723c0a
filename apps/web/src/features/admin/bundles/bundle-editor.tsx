import type { Bundle } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { displayText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { bundlesQuery, createBundle, saveBundle } from '../api/bundles-api';
import { LocalisedInput, TextInput } from '../settings/localised-input';
import { AdminForbidden } from '../shell/admin-gate';
import { TierFields } from './tier-fields';

/** The store's card of a bundle as drafted (the app gives it: app/admin-entry). */
export type BundlePreviewComponent = ComponentType<{ bundle: Bundle }>;

/** /admin/bundles/{id} (or /new): a bundle's texts, image, price, tiers and group. */
export function BundleEditor({ Preview }: { Preview?: BundlePreviewComponent }) {
  const { bundleId = 'new' } = useParams();
  // A bundle just made: its page says so (the form of /new is gone).
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const intl = useIntl();
  const query = useQuery(bundlesQuery(org.alias, viewer));
  const stored = query.data?.bundles.find((b) => b._id === bundleId);
  const isNew = bundleId === 'new';
  useDocumentTitle(
    isNew
      ? intl.formatMessage({ id: 'admin.bundles.new' })
      : displayText(stored?.name, locale, bundleId),
  );
  if (isApiError(query.error, 403)) return <AdminForbidden />;
  if (query.isPending) return <Spinner label={<FormattedMessage id="admin.bundles.loading" />} />;
  if (!query.data || (!isNew && !stored))
    return (
      <ErrorBox>
        <p>
          <FormattedMessage id="admin.bundles.notFound" />
        </p>
      </ErrorBox>
    );
  const groups = query.data.groups;
  const initial: Bundle = stored ?? {
    _id: '',
    name: {},
    price: 0,
    userGroup: groups[0]?._id ?? '',
    discountTiers: [],
  };
  return (
    <BundleForm
      key={bundleId}
      initial={initial}
      isNew={isNew}
      justCreated={justCreated}
      groups={groups}
      Preview={Preview}
    />
  );
}

function BundleForm({
  initial,
  isNew,
  justCreated,
  groups,
  Preview,
}: {
  initial: Bundle;
  isNew: boolean;
  justCreated: boolean;
  groups: { _id: string; name: string }[];
  Preview?: BundlePreviewComponent;
}) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const [bundle, setBundle] = useState<Bundle>(initial);
  const [status, setStatus] = useState<
    'idle' | 'busy' | 'saved' | { error: string; fields: Record<string, string> }
  >(justCreated ? 'saved' : 'idle');
  const t = (id: string) =>
    intl.formatMessage({ id: `admin.bundles.${id}` as 'admin.bundles.name' });
  const errors = typeof status === 'object' ? status.fields : {};
  const set = (next: Partial<Bundle>) => {
    setBundle({ ...bundle, ...next });
    if (status !== 'busy') setStatus('idle');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('busy');
    try {
      if (isNew) await createBundle(org.alias, bundle);
      else await saveBundle(org.alias, bundle);
      await queryClient.invalidateQueries();
      setStatus('saved');
      if (isNew)
        await navigate(`/admin/bundles/${encodeURIComponent(bundle._id)}`, {
          state: { created: true },
        });
    } catch (error) {
      setStatus({
        error: toMessage(error),
        fields: (isApiError(error) && error.body?.errfor) || {},
      });
    }
  }

  return (
    <div className="admin-settings">
      <p>
        <Link to="/admin/bundles">
          <FormattedMessage id="admin.bundles.back" />
        </Link>
      </p>
      <h1>{isNew ? t('new') : displayText(bundle.name, locale, bundle._id)}</h1>
      {typeof status === 'object' && (
        <ErrorBox>
          <p>{status.error}</p>
        </ErrorBox>
      )}
      {status === 'saved' && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="admin.bundles.saved" />
          </p>
        </NoticeBox>
      )}
      <div className="admin-settings__layout">
        <form
          className="admin-settings__form"
          aria-label={t('form')}
          onSubmit={(e) => void submit(e)}
        >
          {isNew && (
            <TextInput
              label={t('id')}
              hint={t('idHint')}
              value={bundle._id}
              error={errors['bundle._id']}
              onChange={(_id) => set({ _id })}
            />
          )}
          <LocalisedInput
            label={t('name')}
            value={bundle.name}
            locales={org.locales}
            required
            onChange={(name) => set({ name })}
          />
          <LocalisedInput
            label={t('description')}
            value={bundle.description}
            locales={org.locales}
            onChange={(description) => set({ description })}
          />
          <LocalisedInput
            label={t('longDescription')}
            value={bundle.longDescription}
            locales={org.locales}
            multiline
            onChange={(longDescription) => set({ longDescription })}
          />
          <TextInput
            label={t('price')}
            hint={t('priceHint')}
            type="number"
            min={0}
            value={String(bundle.price)}
            error={errors['bundle.price']}
            onChange={(value) => set({ price: Number(value) })}
          />
          <TextInput
            label={t('image')}
            value={bundle.bundleImage?.url}
            error={errors['bundle.bundleImage.url']}
            onChange={(url) => set({ bundleImage: url ? { url } : undefined })}
          />
          <div className="field">
            <label className="field__label" htmlFor="bundle-group">
              {t('group')}
            </label>
            <select
              id="bundle-group"
              className="field__input"
              value={bundle.userGroup}
              onChange={(event) => set({ userGroup: event.target.value })}
            >
              {groups.map((group) => (
                <option key={group._id} value={group._id}>
                  {group.name}
                </option>
              ))}
            </select>
          </div>
          <TierFields
            tiers={bundle.discountTiers}
            errors={errors}
            onChange={(discountTiers) => set({ discountTiers })}
          />
          <div className="admin-settings__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={status === 'busy'}
              aria-busy={status === 'busy'}
            >
              <FormattedMessage id={isNew ? 'admin.bundles.create' : 'admin.bundles.save'} />
            </button>
          </div>
        </form>
        {Preview && (
          <section
            className="admin-settings__preview"
            aria-labelledby="admin-bundle-preview"
            tabIndex={0}
          >
            <h2 id="admin-bundle-preview">
              <FormattedMessage id="admin.bundles.preview" />
            </h2>
            <Preview bundle={bundle} />
          </section>
        )}
      </div>
    </div>
  );
}
