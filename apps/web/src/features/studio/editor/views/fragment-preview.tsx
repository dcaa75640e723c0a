import type { Fragment, GlossaryEntry } from '@portal/domain';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { GlossaryHtml } from '../../../../components/glossary-html';
import { textIn } from '../model/localised';
import { FieldPreview } from './field-preview';

interface FragmentPreviewProps {
  fragment: Fragment;
  locale: string;
  glossary: readonly GlossaryEntry[];
}

/** A field, formula or attachment as learners see it, read-only; drawn again only when it changes. */
export const FragmentPreview = memo(function FragmentPreview({
  fragment,
  locale,
  glossary,
}: FragmentPreviewProps) {
  switch (fragment.type) {
    case 'field':
      return <FieldPreview field={fragment.field} locale={locale} glossary={glossary} />;
    case 'formula':
      return <FormulaPreview formula={fragment.formula} locale={locale} />;
    case 'attachment':
      return <AttachmentPreview attachment={fragment.attachment} locale={locale} />;
    case 'content':
      return <GlossaryHtml html={textIn(fragment.content, locale)} glossary={glossary} />;
  }
});

type FormulaFragment = Extract<Fragment, { type: 'formula' }>['formula'];

/** The formula's body as readable text: its references as ⟨id⟩. */
export function formulaText(body: string): string {
  return body
    .replace(/<span[^>]*data-ref\s*=\s*["']([^"']*)["'][^>]*>\s*<\/span>/g, '⟨$1⟩')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

function FormulaPreview({ formula, locale }: { formula: FormulaFragment; locale: string }) {
  const intl = useIntl();
  const description = textIn(formula.description, locale);
  const body = formulaText(formula.body);
  return (
    <div className="studio-formula">
      <p className="studio-formula__name">{textIn(formula.name, locale)}</p>
      {description && <p className="studio-formula__description">{description}</p>}
      <p className="studio-formula__body">
        <code>= {body || intl.formatMessage({ id: 'studio.editor.formula.empty' })}</code>
      </p>
    </div>
  );
}

type Attachment = Extract<Fragment, { type: 'attachment' }>['attachment'];

export function isVideoUrl(url: string): boolean {
  return /\.mp4$/i.test(url.split(/[?#]/, 1)[0] ?? '');
}

export function fileTypeOf(url: string): string | null {
  const name = (url.split(/[?#]/, 1)[0] ?? '').split('/').pop() ?? '';
  return /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toUpperCase() ?? null;
}

function AttachmentPreview({ attachment, locale }: { attachment: Attachment; locale: string }) {
  const intl = useIntl();
  const name = textIn(attachment.name, locale);
  const description = textIn(attachment.description, locale);
  if (isVideoUrl(attachment.url)) {
    const captions = attachment.captions;
    const captionLocales =
      captions === undefined ? [] : typeof captions === 'string' ? ['*'] : Object.keys(captions);
    return (
      <figure className="studio-video">
        <div className="studio-video__screen" aria-hidden="true">
          ▶
        </div>
        <figcaption>
          <span className="studio-video__name">{name}</span>
          {description && <span className="studio-video__description">{description}</span>}
          <span className={captionLocales.length ? 'studio-video__captions' : 'studio-warning'}>
            {captionLocales.length
              ? intl.formatMessage(
                  { id: 'studio.editor.video.captions' },
                  { locales: captionLocales.includes('*') ? '✓' : captionLocales.join(', ') },
                )
              : intl.formatMessage({ id: 'studio.editor.video.noCaptions' })}
          </span>
        </figcaption>
      </figure>
    );
  }
  const type = fileTypeOf(attachment.url);
  return (
    <div className="studio-file surface-card">
      <span className="studio-file__icon" aria-hidden="true">
        ⤓
      </span>
      <div>
        <span className="studio-file__name">
          {name}
          {type && ` (${type})`}
        </span>
        {description && <p className="studio-file__description">{description}</p>}
      </div>
    </div>
  );
}
