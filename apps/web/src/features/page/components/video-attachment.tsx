import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TOPIC_VIDEO_SNAPSHOT_AT_TIME } from '../lib/capture-thumbnail';
import { VideoThumbnail } from './video-thumbnail';

interface VideoAttachmentProps {
  url: string;
  name: string;
  description: string;
  /** WebVTT captions, in `locale`. */
  captions?: { url: string; locale: string };
}

/** "Français (Canada)" for fr-CA, in the interface's language; the tag itself if unknown. */
function languageName(locale: string, inLocale: string): string {
  try {
    return new Intl.DisplayNames([inLocale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * An .mp4 attachment (docs/product-spec.md §5): a player whose poster is a still captured from the video
 * itself, 10 s in (docs/product-spec.md §9, topic videos), with the attachment's name and description.
 * The still is shown once, as the poster (the player is named after the attachment), not again
 * as an image under it (issue 15, point 17); captions play when the attachment has them.
 */
export function VideoAttachment({ url, name, description, captions }: VideoAttachmentProps) {
  const intl = useIntl();
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
        {captions && (
          <track
            kind="captions"
            src={captions.url}
            srcLang={captions.locale}
            label={languageName(captions.locale, intl.locale)}
            default
          />
        )}
        <a href={url} download>
          <FormattedMessage id="page.video.download" />
        </a>
      </video>
      <VideoThumbnail
        videoUrl={url}
        snapshotAtTime={TOPIC_VIDEO_SNAPSHOT_AT_TIME}
        renderThumbnail={false}
        thumbnailHandler={setPoster}
      />
      <figcaption id={captionId} className="video-attachment__caption">
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
