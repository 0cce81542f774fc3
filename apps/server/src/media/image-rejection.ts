import { messages } from '@pinhole/contracts';

export type ImageRejectionReason = 'unsupported' | 'corrupt' | 'too_many_pixels';

/** The one error the image pipeline rejects with: the bytes are not an image we accept. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejectionReason;

  constructor(reason: ImageRejectionReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

export const unsupported = (cause?: unknown) =>
  new ImageRejectedError('unsupported', messages.notAnImage, { cause });
export const corrupt = (cause?: unknown) =>
  new ImageRejectedError('corrupt', messages.corruptImage, { cause });
export const tooManyPixels = (cause?: unknown) =>
  new ImageRejectedError('too_many_pixels', messages.imageTooLarge, { cause });

/** Any failure while decoding bytes that passed the sniffing means the file is damaged. */
export function toRejection(error: unknown): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message) || /timeout/i.test(message)) return tooManyPixels(error);
  return corrupt(error);
}
