import { useIntl } from 'react-intl';
import { TextInput } from './inputs';

export interface SelectedImage {
  pos: number;
  src: string;
  alt: string;
  caption: string;
}

/** An image of a text block: its alternative text and caption (an empty alt marks it decorative). */
export function ImageInspector({
  image,
  onChange,
}: {
  image: SelectedImage;
  onChange: (image: SelectedImage) => void;
}) {
  const intl = useIntl();
  return (
    <div className="studio-inspector__form">
      <h3 className="studio-inspector__subtitle">
        {intl.formatMessage({ id: 'studio.editor.slash.image' })}
      </h3>
      <p className="studio-inspector__hint">{image.src}</p>
      <TextInput
        label={intl.formatMessage({ id: 'studio.editor.media.alt' })}
        value={image.alt}
        onChange={(alt) => onChange({ ...image, alt })}
      />
      {!image.alt && (
        <p className="studio-warning" role="status">
          {intl.formatMessage({ id: 'studio.editor.media.decorativeNow' })}
        </p>
      )}
      <TextInput
        label={intl.formatMessage({ id: 'studio.editor.media.caption' })}
        value={image.caption}
        onChange={(caption) => onChange({ ...image, caption })}
      />
    </div>
  );
}
