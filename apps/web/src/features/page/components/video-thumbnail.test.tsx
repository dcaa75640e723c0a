import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoThumbnail } from './video-thumbnail';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function hiddenVideo(container: HTMLElement) {
  const video = container.querySelector('video');
  if (!video) throw new Error('no capture video');
  let time = 0;
  Object.defineProperty(video, 'currentTime', {
    get: () => time,
    set: (value: number) => {
      time = value;
      queueMicrotask(() => video.dispatchEvent(new Event('seeked')));
    },
  });
  Object.defineProperty(video, 'videoWidth', { value: 640 });
  Object.defineProperty(video, 'videoHeight', { value: 360 });
  return video;
}

function fire(video: HTMLVideoElement, ...types: string[]) {
  for (const type of types) video.dispatchEvent(new Event(type));
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage: vi.fn() }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
});

afterEach(() => vi.restoreAllMocks());

describe('VideoThumbnail', () => {
  it('loads the video hidden and muted, then shows the captured still', async () => {
    const handler = vi.fn();
    const { container } = render(
      <VideoThumbnail videoUrl="/media/v.mp4" snapshotAtTime={10} thumbnailHandler={handler} />,
    );
    const video = hiddenVideo(container);
    expect(video.getAttribute('src')).toBe('/media/v.mp4');
    expect(video.muted).toBe(true);
    expect(video.crossOrigin).toBeNull();
    expect(video.closest('[aria-hidden="true"]')).not.toBeNull();

    await act(async () => {
      fire(video, 'loadedmetadata', 'loadeddata', 'suspend');
      await Promise.resolve();
    });
    expect(handler).toHaveBeenCalledWith(PNG);
    const image = screen.getByRole('img', { name: 'my video thumbnail' });
    expect(image.getAttribute('src')).toBe(PNG);
    expect(container.querySelector('video, canvas')).toBeNull();
  });

  it('only hands the still over when renderThumbnail is off', async () => {
    const handler = vi.fn();
    const { container } = render(
      <VideoThumbnail videoUrl="/media/v.mp4" renderThumbnail={false} thumbnailHandler={handler} />,
    );
    const video = hiddenVideo(container);
    await act(async () => {
      fire(video, 'loadedmetadata', 'loadeddata', 'suspend');
      await Promise.resolve();
    });
    expect(video.currentTime).toBe(2);
    expect(handler).toHaveBeenCalledWith(PNG);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the still with the text alternative it is given', async () => {
    const { container } = render(
      <VideoThumbnail videoUrl="/media/v.mp4" alt="Still from the video Four steps" />,
    );
    const video = hiddenVideo(container);
    await act(async () => {
      fire(video, 'loadedmetadata', 'loadeddata', 'suspend');
      await Promise.resolve();
    });
    expect(screen.getByRole('img', { name: 'Still from the video Four steps' })).toBeDefined();
  });

  it('asks for an anonymous CORS load when told to', () => {
    const { container } = render(<VideoThumbnail videoUrl="https://cdn.test/v.mp4" cors />);
    expect(hiddenVideo(container).crossOrigin).toBe('anonymous');
  });
});
