import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { PhotoEdit } from '@pinhole/contracts';
import {
  altTextSchema,
  captionSchema,
  limits,
  messages,
  photoEditsSchema,
  videoMessages,
} from '@pinhole/contracts';
import { AppError, uploadRejected, validationError } from '../errors';
import { sniffVideoContainer } from '../media/sniff';
import { readHead } from '../media/video-probe';
import { rateLimits } from '../rate-limits';
import { errorResponses, writeFailures } from './schemas';
import { requireViewer } from './viewer';

/** Multipart overhead allowed on top of the images before a request is refused unread. */
export const multipartOverheadBytes = 64 * 1024;

/** The most a request to share a post may declare: every photo at the limit, and the form. */
export const maxPostUploadBytes =
  limits.maxPostImages * limits.maxUploadBytes + multipartOverheadBytes;

/** The same where videos are taken: every item may be a video at VIDEO_MAX_MB. */
export const maxMediaUploadBytes = (videoMaxBytes: number, items: number = limits.maxPostImages) =>
  items * Math.max(limits.maxUploadBytes, videoMaxBytes) + multipartOverheadBytes;

/** Where a route takes videos: their size limit (VIDEO_MAX_MB), photos keeping 5 MB. */
export interface UploadOptions {
  videoMaxBytes?: number;
}

/**
 * What every upload route may answer besides its success: a refused photo or form, no session,
 * the upload budget spent, and a write's failures.
 */
export const uploadErrors = errorResponses(400, 401, 429, 503, ...writeFailures);

/** An upload route's body: a multipart form, documented by its contract schema. */
export const multipartBody = <Schema>(schema: Schema) => ({
  content: { 'multipart/form-data': { schema } },
});

/**
 * What every upload route (a post, a story, a profile picture) checks before a byte of the body
 * is read: the upload budget per person, a session, and a declared size within `maxBytes`.
 * Spread into the route's options.
 */
export function uploadGuards(maxBytes: number) {
  return {
    config: {
      rateLimit: {
        ...rateLimits.upload,
        keyGenerator: (request: FastifyRequest) => request.viewer?.userId ?? request.ip,
      },
    },
    onRequest: async (request: FastifyRequest) => {
      requireViewer(request);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes) throw uploadRejected.tooLarge();
    },
  };
}

export interface UploadedPhoto {
  /** A temporary file holding the photo's bytes as they arrived (removed by `dispose`). */
  file: string;
  altText: string | null;
  /**
   * Sent as a video (its declared type or its name): if its bytes are not one, it is refused as
   * a broken video (400) rather than as "not an image" — a playlist named `.mp4`, say.
   */
  declaredVideo?: boolean;
}

export interface Upload {
  photos: UploadedPhoto[];
  caption: string | null;
  /** The author's crop and colours, one per photo in order (null: untouched); null if none sent. */
  edits: (PhotoEdit | null)[] | null;
  /** A `text` field as sent (a message's), for the route to check: posts have none. */
  text: unknown;
  /** Removes the temporary files; call it once the photos are processed or refused. */
  dispose(): Promise<void>;
}

const tooManyPhotos = () =>
  new AppError('validation_error', messages.tooManyPhotos, { image: messages.tooManyPhotos });

const emptyPhoto = (index: number) => {
  const message = `Photo ${index + 1} is empty`;
  return new AppError('validation_error', message, { [`image.${index}`]: message });
};

const badEdits = (message: string, field = 'edits') =>
  new AppError('validation_error', message, { [field]: message });

/**
 * The `edits` field, checked with the contract's schema: a JSON array of at most one entry per
 * photo. Checked before anything is stored, so a bad edit leaves nothing behind.
 */
function parseEdits(field: unknown, photos: number): (PhotoEdit | null)[] | null {
  if (field === undefined) return null;
  let json: unknown;
  try {
    if (typeof field !== 'string') throw new TypeError('not text');
    json = JSON.parse(field);
  } catch {
    throw badEdits('edits must be a JSON array, one entry per photo');
  }
  const parsed = photoEditsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ['edits', ...issue.path].join('.');
    const [index] = issue.path;
    const where = typeof index === 'number' ? `Photo ${index + 1}'s edits` : 'edits';
    throw badEdits(`${where}: ${issue.message} (${path})`, path);
  }
  if (parsed.data.length > photos) throw badEdits('There are more edits than photos');
  return parsed.data;
}

/**
 * Reads `POST /api/posts`: 1–10 `image` files, as many optional `alt_text` fields matched by
 * order, a `caption` and `edits` (before or after the files). Each photo streams to a temporary file, refused with 413 as soon as it
 * passes 5 MB, so ten photos never sit in memory at once (the service reads them back one at a
 * time). The form is streamed rather than validated up front, so the fields are checked here
 * with the contract schemas the route documents.
 */
export async function readUpload(
  request: FastifyRequest,
  options: UploadOptions = {},
): Promise<Upload> {
  const videoMaxBytes = options.videoMaxBytes;
  const fileSize = Math.max(limits.maxUploadBytes, videoMaxBytes ?? 0);
  if (!request.isMultipart()) throw uploadRejected.notAnImage();
  let folder: string | undefined;
  const dispose = async () => {
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  };
  try {
    const files: string[] = [];
    const declaredVideos: boolean[] = [];
    const altTexts: unknown[] = [];
    let caption: unknown;
    let text: unknown;
    let edits: unknown;
    const parts = request.parts({
      limits: {
        fileSize,
        // One more than allowed, so an 11th photo is seen and named rather than cut off.
        files: limits.maxPostImages + 1,
        fields: limits.maxPostImages + 10,
        fieldSize: limits.captionMaxLength * 4 + 16,
        parts: 2 * limits.maxPostImages + 12,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          continue;
        }
        if (files.length === limits.maxPostImages) throw tooManyPhotos();
        folder ??= await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-upload-'));
        const file = path.join(folder, String(files.length));
        await pipeline(part.file, createWriteStream(file));
        // The stream ends early at the limit; the parser would also fail the next part.
        if (part.file.truncated) {
          throw videoMaxBytes !== undefined && fileSize > limits.maxUploadBytes
            ? videoTooLarge(videoMaxBytes)
            : uploadRejected.tooLarge();
        }
        await checkFileSize(file, videoMaxBytes);
        files.push(file);
        declaredVideos.push(
          part.mimetype.startsWith('video/') || videoFileName.test(part.filename ?? ''),
        );
      } else if (part.fieldname === 'caption') {
        caption = part.value;
      } else if (part.fieldname === 'text') {
        text = part.value;
      } else if (part.fieldname === 'edits') {
        edits = part.value;
      } else if (part.fieldname === 'alt_text') {
        altTexts.push(part.value);
      }
    }
    if (files.length === 0) throw uploadRejected.notAnImage();
    for (const [index, file] of files.entries()) {
      if ((await fs.stat(file)).size === 0) throw emptyPhoto(index);
    }
    if (altTexts.length > files.length) {
      const message = 'There are more alt texts than photos';
      throw new AppError('validation_error', message, { alt_text: message });
    }
    const parsedEdits = parseEdits(edits, files.length);
    const parsedCaption = captionSchema.safeParse(caption ?? null);
    if (!parsedCaption.success) throw validationError(parsedCaption.error);
    const photos = files.map((file, index) => {
      const parsed = altTextSchema.safeParse(altTexts[index] ?? null);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? messages.altTextTooLong;
        throw new AppError('validation_error', message, { [`alt_text.${index}`]: message });
      }
      return { file, altText: parsed.data, declaredVideo: declaredVideos[index] ?? false };
    });
    return { photos, caption: parsedCaption.data, edits: parsedEdits, text, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Names a video is sent under (what a phone's picker or a browser gives). */
const videoFileName = /\.(mp4|mov|m4v|webm|mkv|3gp)$/i;

const videoTooLarge = (maxBytes: number) => {
  const message = videoMessages.tooLarge(Math.round(maxBytes / (1024 * 1024)));
  return new AppError('file_too_large', message, { image: message });
};

/**
 * Where videos are taken a file may be larger than a photo may: a photo (anything that is not
 * a video by its bytes) over 5 MB is still refused as before, a video over VIDEO_MAX_MB by name.
 */
async function checkFileSize(file: string, videoMaxBytes: number | undefined): Promise<void> {
  if (videoMaxBytes === undefined) return;
  const { size } = await fs.stat(file);
  if (size <= limits.maxUploadBytes && size <= videoMaxBytes) return;
  const isVideo = sniffVideoContainer(await readHead(file)) !== null;
  if (!isVideo && size > limits.maxUploadBytes) throw uploadRejected.tooLarge();
  if (isVideo && size > videoMaxBytes) throw videoTooLarge(videoMaxBytes);
}

/**
 * Reads the request's upload and hands it to `use`, removing its temporary files afterwards
 * whether `use` succeeds or throws.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  use: (upload: Upload) => Promise<T>,
  options: UploadOptions = {},
): Promise<T> {
  const upload = await readUpload(request, options);
  try {
    return await use(upload);
  } finally {
    await upload.dispose();
  }
}
