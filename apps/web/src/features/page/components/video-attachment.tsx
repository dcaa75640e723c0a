import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { TOPIC_VIDEO_SNAPSHOT_AT_TIME } from '../lib/capture-thumbnail';
import { VideoThumbnail } from './video-thumbnail';

interface VideoAttachmentProps {
  url: string;
  name: string;
  description: string;
}

/**
 * An .mp4 attachment (docs/product-spec.md §5): a player whose poster is a still captured from the video
 * itself, 10 s in (docs/product-spec.md §9, topic videos), with the attachment's name and description.
 */
export function VideoAttachment({ url, name, description }: VideoAttachmentProps) {
  const captionId = useId();
  const [poster, setPoster] = useState<string | undefined>(undefined);

  return (
    <figure className="video-attachment">
      <video
        className="video-attachment__player"
        src={url}
        poster={poster}
        controls
        preload="metadata"
        playsInline
        aria-label={name}
        aria-describedby={captionId}
      >
        <a href={url} download>
          <FormattedMessage id="page.video.download" />
        </a>
      </video>
      <figcaption id={captionId} className="video-attachment__caption">
        <VideoThumbnail
          videoUrl={url}
          snapshotAtTime={TOPIC_VIDEO_SNAPSHOT_AT_TIME}
          thumbnailHandler={setPoster}
        />
        <span className="video-attachment__text">
          <span className="video-attachment__name">{name}</span>
          {description && <span className="video-attachment__description">{description}</span>}
          <a className="video-attachment__download" href={url} download>
            <FormattedMessage id="page.video.download" />
          </a>
        </span>
      </figcaption>
    </figure>
  );
}
