import { limits, videoMessages } from '@pinhole/contracts';
import { AppError } from '../errors';
import { VideoRejectedError } from './video-probe';

/** The API's refusal of the upload's item at `index`, named in `fields` as photos' are. */
function refusal(
  code: 'validation_error' | 'unsupported_media_type',
  message: string,
  index: number,
): AppError {
  return new AppError(code, message, { image: message, [`image.${index}`]: message });
}

/** No ffmpeg/ffprobe on this server: videos are off (`GET /api/instance` says `video: false`). */
export const videosNeedFfmpeg = () =>
  new AppError('unsupported_media_type', videoMessages.needsFfmpeg, {
    image: videoMessages.needsFfmpeg,
  });

export const videoTakesNoEdits = (index: number) =>
  refusal('validation_error', 'A video takes no crop, filter or adjustments', index);

/** A probe's refusal as the API's 400, its limit named; anything else is passed on as it is. */
export function videoRejectionToError(error: unknown, index: number, maxSeconds: number): unknown {
  if (!(error instanceof VideoRejectedError)) return error;
  const message = {
    damaged: videoMessages.notAVideo,
    'no-picture': videoMessages.hasNoPicture,
    'too-long': videoMessages.tooLong(maxSeconds),
    'too-wide': videoMessages.tooWide(limits.videoMaxSide),
  }[error.reason];
  return refusal('validation_error', message, index);
}
