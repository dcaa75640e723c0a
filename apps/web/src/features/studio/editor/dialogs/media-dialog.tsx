import { urlSchema } from '@portal/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ModalDialog } from '../../../../components/modal-dialog';
import { UploadInput } from '../../components/upload-input';
import { localeName } from '../model/localised';

export type MediaKind = 'image' | 'video' | 'file';

export interface MediaResult {
  url: string;
  /** The image's alt text (empty: decorative), or the attachment's name. */
  text: string;
  caption: string;
  /** Video captions (WebVTT) by locale. */
  captions: Record<string, string>;
}

interface MediaDialogProps {
  kind: MediaKind | null;
  locales: readonly string[];
  onClose: () => void;
  onInsert: (kind: MediaKind, result: MediaResult) => void;
}

/**
 * What an image, video or file needs before it goes in (ATAG 2.0 B.2.3): an image its alt text
 * (or a word that it is decorative), a video its captions (or a word that it has no speech).
 */
export function MediaDialog({ kind, locales, onClose, onInsert }: MediaDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [caption, setCaption] = useState('');
  const [captions, setCaptions] = useState<Record<string, string>>({});
  const [isExempt, setExempt] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const t = (messageId: NonNullable<MessageDescriptor['id']>, values?: Record<string, string>) =>
    intl.formatMessage({ id: messageId }, values);

  // Into the first box once the dialog is open (the native dialog would pick its close button).
  useEffect(() => {
    if (kind) document.getElementById(`${id}-url`)?.focus();
  }, [kind, id]);

  const close = () => {
    setUrl('');
    setText('');
    setCaption('');
    setCaptions({});
    setExempt(false);
    setErrors({});
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!kind) return;
    const found: Record<string, string> = {};
    const urlCheck = urlSchema.safeParse(url.trim());
    if (!urlCheck.success)
      found.url = urlCheck.error.issues[0]?.message ?? t('studio.editor.media.urlRequired');
    else if (kind === 'image' && !url.trim().startsWith('/'))
      found.url = t('studio.editor.media.localImage');
    if (kind === 'image' && !text.trim() && !isExempt)
      found.text = t('studio.editor.media.altRequired');
    if (kind !== 'image' && !text.trim()) found.text = t('studio.editor.media.nameRequired');
    const cleanCaptions = Object.fromEntries(
      Object.entries(captions)
        .map(([l, u]) => [l, u.trim()])
        .filter(([, u]) => u),
    );
    for (const [locale, captionUrl] of Object.entries(cleanCaptions))
      if (!urlSchema.safeParse(captionUrl).success)
        found[`captions-${locale}`] = t('studio.editor.media.badUrl');
    if (kind === 'video' && !Object.keys(cleanCaptions).length && !isExempt)
      found.captions = t('studio.editor.media.captionsRequired');
    setErrors(found);
    if (Object.keys(found).length) {
      const firstKey = Object.keys(found)[0];
      document.getElementById(`${id}-${firstKey}`)?.focus();
      return;
    }
    onInsert(kind, {
      url: url.trim(),
      text: isExempt && kind === 'image' ? '' : text.trim(),
      caption: caption.trim(),
      captions: cleanCaptions,
    });
    close();
  }

  const field = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    hint?: string,
  ) => (
    <div className="studio-inspector__row">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="studio-inspector__input"
        value={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={
          [hint && `${id}-${key}-hint`, errors[key] && `${id}-${key}-error`]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => set(event.target.value)}
      />
      {hint && (
        <p id={`${id}-${key}-hint`} className="studio-inspector__hint">
          {hint}
        </p>
      )}
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="studio-inspector__error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <ModalDialog
      open={kind !== null}
      onClose={close}
      title={kind ? t(`studio.editor.media.title.${kind}`) : ''}
      closeLabel={t('studio.editor.close')}
    >
      <form className="studio-editor-dialog" onSubmit={submit} noValidate>
        {field(
          'url',
          t('studio.editor.media.url'),
          url,
          setUrl,
          kind === 'image' ? t('studio.editor.media.localImage') : undefined,
        )}
        {kind && (
          <UploadInput
            id={`${id}-upload`}
            label={t(`studio.editor.media.upload.${kind}`)}
            accept={kind === 'file' ? undefined : `${kind}/*`}
            onUploaded={(stored) => {
              setUrl(stored.secure_url);
              setErrors(({ url: _done, ...rest }) => rest);
              // A video or a file is named by its file until the author names it.
              if (kind !== 'image' && !text.trim()) setText(stored.original_filename);
            }}
          />
        )}
        {kind === 'image' && (
          <>
            {field(
              'text',
              t('studio.editor.media.alt'),
              text,
              setText,
              t('studio.editor.media.altHint'),
            )}
            <label className="studio-inspector__check">
              <input
                type="checkbox"
                checked={isExempt}
                onChange={(event) => setExempt(event.target.checked)}
              />
              {t('studio.editor.media.decorative')}
            </label>
            {field('caption', t('studio.editor.media.caption'), caption, setCaption)}
          </>
        )}
        {kind !== 'image' && field('text', t('studio.editor.media.name'), text, setText)}
        {kind === 'video' && (
          <fieldset
            className="studio-inspector__group"
            aria-describedby={errors.captions ? `${id}-captions-error` : undefined}
          >
            <legend>{t('studio.editor.media.captions')}</legend>
            {locales.map((locale) =>
              field(
                `captions-${locale}`,
                t('studio.editor.media.captionsFor', { locale: localeName(locale, intl.locale) }),
                captions[locale] ?? '',
                (v) => setCaptions((c) => ({ ...c, [locale]: v })),
              ),
            )}
            <label className="studio-inspector__check">
              <input
                id={`${id}-captions`}
                type="checkbox"
                checked={isExempt}
                onChange={(event) => setExempt(event.target.checked)}
              />
              {t('studio.editor.media.noSpeech')}
            </label>
            {errors.captions && (
              <p id={`${id}-captions-error`} className="studio-inspector__error">
                {errors.captions}
              </p>
            )}
          </fieldset>
        )}
        <div className="studio-editor-dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            {t('studio.editor.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('studio.editor.media.insert')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
