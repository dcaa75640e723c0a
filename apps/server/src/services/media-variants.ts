import fs from 'node:fs/promises';
import path from 'node:path';
import type { ContentPack } from '@portal/domain';
import type { Sharp } from 'sharp';

/** Widths of the smaller copies, in pixels; those at or above the original's width are not made. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The copies made of a raster image, best first (a browser takes the first type it knows). */
const FORMATS = [
  {
    ext: 'avif',
    type: 'image/avif',
    encode: (image: Sharp) => image.avif({ quality: 55, effort: 4 }),
  },
  { ext: 'webp', type: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 75 }) },
] as const;

/** Images worth copies at smaller widths: not SVG (it scales), not GIF (it may move). */
const RASTER = /\.(?:jpe?g|png|webp|avif)$/i;
/** A copy's name: `hero.jpg` → `hero.w640.avif`, beside the original. */
const COPY = /\.w\d+\.(?:avif|webp)$/i;

export interface ImageSize {
  width?: number;
  height?: number;
  sources?: { type: 'image/avif' | 'image/webp'; srcset: string }[];
}

/** The file under `mediaDir` of a `/media/…` address; null for another address or a way out. */
export function mediaFileOf(mediaDir: string, url: string): string | null {
  if (!url.startsWith('/media/') || /[?#\\]/.test(url)) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.slice('/media/'.length));
  } catch {
    return null;
  }
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

const copyName = (name: string, width: number, ext: string) =>
  name.replace(/\.[^./]+$/, `.w${width}.${ext}`);

/** True when `file` exists and was written after `sinceMs` (the original's last change). */
async function isFresh(file: string, sinceMs: number): Promise<boolean> {
  try {
    return (await fs.stat(file)).mtimeMs >= sinceMs;
  } catch {
    return false;
  }
}

/**
 * Measures the image at a `/media/` address and, for a raster image, makes its AVIF and WebP
 * copies at the widths of VARIANT_WIDTHS below its own (and at its own), beside the original;
 * a copy newer than the original is kept as it is. Anything unreadable gives no size; copies
 * that cannot be written (a read-only media folder) give the size without sources.
 */
export async function describeImage(mediaDir: string, url: string): Promise<ImageSize> {
  const file = mediaFileOf(mediaDir, url);
  if (!file || COPY.test(file)) return {};
  // Loaded on first use: libvips is big, and most runs (the CLI's other commands) never need it.
  const { default: sharp } = await import('sharp');
  let changedMs: number;
  let width: number | undefined;
  let height: number | undefined;
  try {
    changedMs = (await fs.stat(file)).mtimeMs;
    const meta = await sharp(file).metadata();
    // EXIF orientations 5 to 8 turn the picture a quarter: its shown width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    return {};
  }
  if (!width || !height) return {};
  if (!RASTER.test(file)) return { width, height };

  const widths = [...VARIANT_WIDTHS.filter((w) => w < width), width];
  try {
    const sources: NonNullable<ImageSize['sources']> = [];
    for (const format of FORMATS) {
      const entries: string[] = [];
      for (const w of widths) {
        const out = copyName(file, w, format.ext);
        if (!(await isFresh(out, changedMs))) {
          const temporary = `${out}.${process.pid}.tmp`;
          await format.encode(sharp(file).rotate().resize({ width: w })).toFile(temporary);
          await fs.rename(temporary, out);
        }
        entries.push(`${copyName(url, w, format.ext)} ${w}w`);
      }
      sources.push({ type: format.type, srcset: entries.join(', ') });
    }
    return { width, height, sources };
  } catch {
    return { width, height };
  }
}

/**
 * The pack with the size (and smaller copies) of each of its images served from `mediaDir`:
 * the logo, the home hero, the topic, topic group and bundle images. Addresses elsewhere keep
 * what the pack says.
 */
export async function describePackImages(
  pack: ContentPack,
  mediaDir: string,
): Promise<ContentPack> {
  const sizes = new Map<string, Promise<ImageSize>>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      size = describeImage(mediaDir, url);
      sizes.set(url, size);
    }
    return size;
  };
  const withSize = async <T extends { secure_url: string }>(image: T | undefined) =>
    image && { ...image, ...(await sizeOf(image.secure_url)) };
  const topicWithSize = async <T extends { topicImage?: { secure_url: string } }>(topic: T) =>
    topic.topicImage ? { ...topic, topicImage: await withSize(topic.topicImage) } : topic;

  // One image after the other: the copies are made on a shared machine, at import time only.
  const { organisation } = pack;
  const logoImage = await withSize(organisation.logoImage);
  const heroImage = await withSize(organisation.homePage.heroImage);
  const topics = [];
  for (const topic of pack.topics) topics.push(await topicWithSize(topic));
  const general = pack.general && (await topicWithSize(pack.general));
  const topicGroups = [];
  for (const group of pack.topicGroups)
    topicGroups.push(
      group.topicGroupImage
        ? { ...group, topicGroupImage: await withSize(group.topicGroupImage) }
        : group,
    );
  const bundles = [];
  for (const bundle of pack.bundles)
    bundles.push(
      bundle.bundleImage
        ? {
            ...bundle,
            bundleImage: { ...bundle.bundleImage, ...(await sizeOf(bundle.bundleImage.url)) },
          }
        : bundle,
    );
  return {
    ...pack,
    organisation: {
      ...organisation,
      ...(logoImage && { logoImage }),
      homePage: { ...organisation.homePage, ...(heroImage && { heroImage }) },
    },
    ...(general && { general }),
    topics,
    topicGroups,
    bundles,
  };
}
