/** docs/product-spec.md §9: a thumbnail is taken 2 s into a video unless told otherwise… */
export const DEFAULT_SNAPSHOT_AT_TIME = 2;
/** …and 10 s into a topic's videos. */
export const TOPIC_VIDEO_SNAPSHOT_AT_TIME = 10;

/** The parts of a <video> the capture uses (a fake one in tests). */
export interface SnapshotVideo extends EventTarget {
  currentTime: number;
  readonly videoWidth: number;
  readonly videoHeight: number;
  removeAttribute(name: string): void;
  load(): void;
  remove(): void;
}

/** The parts of a <canvas> the capture uses. */
export interface SnapshotCanvas<V> {
  width: number;
  height: number;
  getContext(contextId: '2d'): {
    drawImage(image: V, dx: number, dy: number, dw: number, dh: number): void;
  } | null;
  toDataURL(type: 'image/png'): string;
  remove(): void;
}

export interface SnapshotOptions {
  snapshotAtTime: number;
  /** The thumbnail's size; the video's own when not given. */
  width?: number;
  height?: number;
  /** Receives the PNG as a data URL. */
  onCapture: (dataUrl: string) => void;
  /** Capture errors are only logged (docs/product-spec.md §4). */
  onError?: (error: unknown) => void;
}

const READY_EVENTS = ['loadedmetadata', 'loadeddata', 'suspend'] as const;

/**
 * The video thumbnail of docs/product-spec.md §4: waits until the video has fired loadedmetadata, loadeddata
 * and suspend; seeks to the snapshot time when it is still at 0 (or before) and waits for the
 * seek; draws one frame on the canvas and exports it as PNG; removes the video (its source
 * emptied, so it stops loading) and the canvas; then hands over the data URL. Returns a
 * function that stops waiting.
 */
export function captureThumbnail<V extends SnapshotVideo>(
  video: V,
  canvas: SnapshotCanvas<V>,
  options: SnapshotOptions,
): () => void {
  const fired = new Set<string>();
  let isSeeking = false;
  let isDone = false;
  const logError = options.onError ?? ((error: unknown) => console.error(error));

  function stop() {
    for (const type of READY_EVENTS) video.removeEventListener(type, handleReady);
    video.removeEventListener('seeked', handleSeeked);
  }

  function draw() {
    if (isDone) return;
    isDone = true;
    stop();
    try {
      const width = options.width || video.videoWidth;
      const height = options.height || video.videoHeight;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas context for the video thumbnail');
      context.drawImage(video, 0, 0, width, height);
      const dataUrl = canvas.toDataURL('image/png');
      video.removeAttribute('src');
      video.load();
      video.remove();
      canvas.remove();
      options.onCapture(dataUrl);
    } catch (error) {
      logError(error);
    }
  }

  function handleReady(event: Event) {
    fired.add(event.type);
    if (isSeeking || !READY_EVENTS.every((type) => fired.has(type))) return;
    try {
      if (video.currentTime <= 0) {
        isSeeking = true;
        video.currentTime = options.snapshotAtTime;
      } else {
        draw();
      }
    } catch (error) {
      logError(error);
    }
  }

  function handleSeeked() {
    if (isSeeking) draw();
  }

  for (const type of READY_EVENTS) video.addEventListener(type, handleReady);
  video.addEventListener('seeked', handleSeeked);
  return () => {
    isDone = true;
    stop();
  };
}
