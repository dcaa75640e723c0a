import { useEffect, useRef, useState } from 'react';
import { captureThumbnail, DEFAULT_SNAPSHOT_AT_TIME } from '../lib/capture-thumbnail';

export interface VideoThumbnailProps {
  videoUrl: string;
  width?: number;
  height?: number;
  /** Seconds into the video; 2 unless told (docs/product-spec.md §9). */
  snapshotAtTime?: number;
  /** Loads the video with crossOrigin="anonymous", for videos on another origin that allow it. */
  cors?: boolean;
  /** Shows the captured image; off, the component only hands it to `thumbnailHandler`. */
  renderThumbnail?: boolean;
  thumbnailHandler?: (dataUrl: string) => void;
  /** The shown image's text alternative; the spec's 'my video thumbnail' unless told. */
  alt?: string;
}

/**
 * A still taken from a video (docs/product-spec.md §3, §4): a hidden video loads, one frame is drawn to a canvas
 * and exported as PNG, then both are removed. The image shows only when `renderThumbnail` is on.
 */
export function VideoThumbnail(props: VideoThumbnailProps) {
  const {
    videoUrl,
    width,
    height,
    snapshotAtTime = DEFAULT_SNAPSHOT_AT_TIME,
    cors = false,
  } = props;
  // Another video or setting starts a new capture.
  return (
    <ThumbnailCapture key={`${videoUrl}|${width}|${height}|${snapshotAtTime}|${cors}`} {...props} />
  );
}

function ThumbnailCapture({
  videoUrl,
  width,
  height,
  snapshotAtTime = DEFAULT_SNAPSHOT_AT_TIME,
  cors = false,
  renderThumbnail = true,
  thumbnailHandler,
  alt = 'my video thumbnail',
}: VideoThumbnailProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const handlerRef = useRef(thumbnailHandler);
  useEffect(() => {
    handlerRef.current = thumbnailHandler;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Made here rather than by React: the capture removes them once it has its frame.
    const video = document.createElement('video');
    const canvas = document.createElement('canvas');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    if (cors) video.crossOrigin = 'anonymous';
    const stop = captureThumbnail<HTMLVideoElement>(video, canvas, {
      snapshotAtTime,
      width,
      height,
      onCapture: (dataUrl) => {
        setSnapshot(dataUrl);
        handlerRef.current?.(dataUrl);
      },
    });
    host.append(canvas, video);
    video.src = videoUrl;
    return () => {
      stop();
      video.removeAttribute('src');
      video.load();
      video.remove();
      canvas.remove();
    };
  }, [videoUrl, width, height, snapshotAtTime, cors]);

  if (snapshot) {
    return renderThumbnail ? (
      <img className="video-thumbnail" src={snapshot} width={width} height={height} alt={alt} />
    ) : null;
  }
  return <div ref={hostRef} className="video-thumbnail__generator" aria-hidden="true" />;
}
