import { describe, expect, it, vi } from 'vitest';
import {
  captureThumbnail,
  DEFAULT_SNAPSHOT_AT_TIME,
  TOPIC_VIDEO_SNAPSHOT_AT_TIME,
  type SnapshotCanvas,
  type SnapshotVideo,
} from './capture-thumbnail';

/** A <video> stand-in: events are fired by the test; setting currentTime fires "seeked". */
class FakeVideo extends EventTarget implements SnapshotVideo {
  readonly videoWidth = 640;
  readonly videoHeight = 360;
  seeks: number[] = [];
  removed = false;
  hasSource = true;
  private time: number;

  constructor(startAt = 0) {
    super();
    this.time = startAt;
  }

  get currentTime() {
    return this.time;
  }

  set currentTime(value: number) {
    this.time = value;
    this.seeks.push(value);
  }

  fire(...types: string[]) {
    for (const type of types) this.dispatchEvent(new Event(type));
  }

  removeAttribute(name: string) {
    if (name === 'src') this.hasSource = false;
  }

  load = vi.fn();

  remove() {
    this.removed = true;
  }
}

function fakeCanvas(): SnapshotCanvas<FakeVideo> & {
  drawImage: ReturnType<typeof vi.fn>;
  removed: boolean;
} {
  const drawImage = vi.fn();
  return {
    width: 0,
    height: 0,
    drawImage,
    removed: false,
    getContext: () => ({ drawImage }),
    toDataURL: (type) => `data:${type};base64,AAAA`,
    remove() {
      this.removed = true;
    },
  };
}

describe('captureThumbnail (docs/product-spec.md §4)', () => {
  it('takes the still 2 s in by default and 10 s in for topic videos', () => {
    expect(DEFAULT_SNAPSHOT_AT_TIME).toBe(2);
    expect(TOPIC_VIDEO_SNAPSHOT_AT_TIME).toBe(10);
  });

  it('waits for loadedmetadata, loadeddata and suspend, seeks, then draws one frame', () => {
    const video = new FakeVideo();
    const canvas = fakeCanvas();
    const onCapture = vi.fn();
    captureThumbnail(video, canvas, { snapshotAtTime: 10, onCapture });

    video.fire('loadedmetadata', 'loadeddata');
    expect(video.seeks).toEqual([]);
    video.fire('suspend');
    expect(video.seeks).toEqual([10]);
    expect(canvas.drawImage).not.toHaveBeenCalled();

    video.fire('seeked');
    expect(canvas.drawImage).toHaveBeenCalledTimes(1);
    expect(canvas.drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 360);
    expect([canvas.width, canvas.height]).toEqual([640, 360]);
    expect(onCapture).toHaveBeenCalledWith('data:image/png;base64,AAAA');
  });

  it('accepts the events in any order', () => {
    const video = new FakeVideo();
    const onCapture = vi.fn();
    captureThumbnail(video, fakeCanvas(), { snapshotAtTime: 2, onCapture });
    video.fire('suspend', 'loadeddata');
    expect(video.seeks).toEqual([]);
    video.fire('loadedmetadata');
    expect(video.seeks).toEqual([2]);
  });

  it('does not seek a video already past 0 and draws at once', () => {
    const video = new FakeVideo(3);
    const canvas = fakeCanvas();
    const onCapture = vi.fn();
    captureThumbnail(video, canvas, { snapshotAtTime: 10, onCapture });
    video.fire('loadedmetadata', 'loadeddata', 'suspend');
    expect(video.seeks).toEqual([]);
    expect(canvas.drawImage).toHaveBeenCalledTimes(1);
    expect(onCapture).toHaveBeenCalledTimes(1);
  });

  it('draws at the size asked for', () => {
    const video = new FakeVideo(1);
    const canvas = fakeCanvas();
    captureThumbnail(video, canvas, {
      snapshotAtTime: 2,
      width: 160,
      height: 90,
      onCapture: vi.fn(),
    });
    video.fire('loadedmetadata', 'loadeddata', 'suspend');
    expect(canvas.drawImage).toHaveBeenCalledWith(video, 0, 0, 160, 90);
    expect([canvas.width, canvas.height]).toEqual([160, 90]);
  });

  it('removes the video (its source emptied) and the canvas before calling the handler', () => {
    const video = new FakeVideo();
    const canvas = fakeCanvas();
    const onCapture = vi.fn(() => {
      expect(video.removed && canvas.removed && !video.hasSource).toBe(true);
    });
    captureThumbnail(video, canvas, { snapshotAtTime: 2, onCapture });
    video.fire('loadedmetadata', 'loadeddata', 'suspend', 'seeked');
    expect(onCapture).toHaveBeenCalledTimes(1);
    expect(video.load).toHaveBeenCalled();
  });

  it('captures once, however many events follow', () => {
    const video = new FakeVideo();
    const canvas = fakeCanvas();
    const onCapture = vi.fn();
    captureThumbnail(video, canvas, { snapshotAtTime: 2, onCapture });
    video.fire('loadedmetadata', 'loadeddata', 'suspend', 'seeked', 'suspend', 'seeked');
    expect(canvas.drawImage).toHaveBeenCalledTimes(1);
    expect(onCapture).toHaveBeenCalledTimes(1);
  });

  it('ignores a seek it did not ask for', () => {
    const video = new FakeVideo();
    const canvas = fakeCanvas();
    captureThumbnail(video, canvas, { snapshotAtTime: 2, onCapture: vi.fn() });
    video.fire('seeked');
    expect(canvas.drawImage).not.toHaveBeenCalled();
  });

  it('only logs a capture error (a tainted canvas, say)', () => {
    const video = new FakeVideo(1);
    const canvas = fakeCanvas();
    canvas.toDataURL = () => {
      throw new Error('SecurityError: tainted canvas');
    };
    const onCapture = vi.fn();
    const onError = vi.fn();
    captureThumbnail(video, canvas, { snapshotAtTime: 2, onCapture, onError });
    expect(() => video.fire('loadedmetadata', 'loadeddata', 'suspend')).not.toThrow();
    expect(String(onError.mock.calls[0]?.[0])).toMatch(/tainted/);
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('logs to the console when no error handler is given', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const video = new FakeVideo(1);
    const canvas = fakeCanvas();
    canvas.getContext = () => null;
    captureThumbnail(video, canvas, { snapshotAtTime: 2, onCapture: vi.fn() });
    video.fire('loadedmetadata', 'loadeddata', 'suspend');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('stops waiting when cancelled', () => {
    const video = new FakeVideo();
    const canvas = fakeCanvas();
    const stop = captureThumbnail(video, canvas, { snapshotAtTime: 2, onCapture: vi.fn() });
    stop();
    video.fire('loadedmetadata', 'loadeddata', 'suspend', 'seeked');
    expect(video.seeks).toEqual([]);
    expect(canvas.drawImage).not.toHaveBeenCalled();
  });
});
