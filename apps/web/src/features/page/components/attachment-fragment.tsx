import { FormattedMessage } from 'react-intl';
import { fileTypeOf, isVideoUrl } from '../lib/attachments';
import { VideoAttachment } from './video-attachment';

interface AttachmentFragmentProps {
  attachment: {
    url: string;
    name: string;
    description: string;
    captions?: { url: string; locale: string };
  };
}

/** An attachment (docs/product-spec.md §5): a video player for .mp4, otherwise a download link. */
export function AttachmentFragment({ attachment }: AttachmentFragmentProps) {
  const { url, name, description, captions } = attachment;
  if (isVideoUrl(url))
    return <VideoAttachment url={url} name={name} description={description} captions={captions} />;
  const type = fileTypeOf(url);
  return (
    <div className="attachment surface-card">
      <span className="attachment__icon" aria-hidden="true">
        ⤓
      </span>
      <div className="attachment__text">
        <a className="attachment__link" href={url} download>
          {name}
          {type && (
            <span className="attachment__type">
              {' '}
              <FormattedMessage id="page.attachment.type" values={{ type }} />
            </span>
          )}
        </a>
        {description && <p className="attachment__description">{description}</p>}
      </div>
    </div>
  );
}
