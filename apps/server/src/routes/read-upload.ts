import type { FastifyRequest } from 'fastify';
import { captionSchema, limits } from '@pinhole/contracts';
import { uploadRejected, validationError } from '../errors';

/** Multipart overhead allowed on top of the image before a request is refused unread. */
export const multipartOverheadBytes = 64 * 1024;

export interface Upload {
  data: Buffer;
  caption: string | null;
}

/**
 * Reads the `image` file and `caption` field of `POST /api/posts`, refusing an oversized file while
 * it streams. The form is streamed rather than validated up front, so the caption is checked here
 * with the same contract schema the route documents.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw uploadRejected.notAnImage();
  let data: Buffer | undefined;
  let caption: unknown;
  const parts = request.parts({
    limits: {
      fileSize: limits.maxUploadBytes,
      files: 1,
      fields: 10,
      fieldSize: limits.captionMaxLength * 4 + 16,
      parts: 12,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      // toBuffer throws a 413 as soon as the stream passes the limit, before the rest is read.
      const buffer = await part.toBuffer();
      if (part.fieldname === 'image') data = buffer;
    } else if (part.fieldname === 'caption') {
      caption = part.value;
    }
  }
  if (!data || data.length === 0) throw uploadRejected.notAnImage();
  const parsed = captionSchema.safeParse(caption ?? null);
  if (!parsed.success) throw validationError(parsed.error);
  return { data, caption: parsed.data };
}
