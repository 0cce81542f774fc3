/** User-visible strings fixed by the spec, used word for word by server and client. */
export const messages = {
  fileTooLarge: 'File size must be less than 5MB',
  notAnImage: 'Please select an image file',
  invalidCredentials: 'Invalid login credentials',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  signInRequired: 'Please sign in to continue',
  notFound: 'Not found',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  usernameUnavailable: "This username isn't available",
  corruptImage: 'This image file is damaged or incomplete',
  imageTooLarge: 'This image has too many pixels',
  busy: 'The server is busy, please try again in a moment',
  rateLimited: 'Too many attempts, please try again later',
  forbidden: 'This request is not allowed',
  internal: 'Something went wrong, please try again',
  unavailable: 'The service is temporarily unavailable, please try again in a moment',
  cannotFollowYourself: "You can't follow yourself",
  accountPrivate: 'This account is private',
  tooManyPhotos: 'A post can have at most 10 photos',
  altTextTooLong: 'Alt text must be at most 1000 characters',
  postNeedsPhoto: 'A post keeps at least one photo',
  photoNamedTwice: 'Each photo may be named only once',
  notYourPost: 'Only the author can change this post',
  notYourComment: 'Only its author or the author of the post can delete this comment',
  storageFull: 'The server has run out of storage space, please try again later',
  archiveTooLarge: 'The archive must be smaller than 2 GB',
  archiveMissing: 'Choose a .zip archive to import',
  importRunning: 'An import is already running for this account',
  /** An import report's reason for a video on a server without ffmpeg (videos are off there). */
  videoNotImported: 'Videos are not imported: this server has no ffmpeg',
  /** An import report's reason for a file that is neither a photo Pinhole reads nor a video. */
  /** A video sent to a server without ffmpeg/ffprobe (GET /api/instance says `video: false`). */
  videoNeedsFfmpeg: 'Videos need ffmpeg on the server',
  /** A file that says it is a video but is not one ffprobe reads as MP4, MOV or WebM. */
  notAVideo: 'This video file is damaged, incomplete or not an MP4, MOV or WebM video',
  videoHasNoPicture: 'This video has no picture (audio only)',
  /** A video whose transcoding failed: its post stays its author's only. */
  videoFailed: 'This video could not be processed',
  notAPhotoToImport: 'Not a photo Pinhole can read (JPEG, PNG, GIF, WebP, AVIF or HEIC)',
  videoTooLong: (seconds: number) => `Videos must be at most ${seconds} seconds long`,
  videoTooLarge: (megabytes: number) => `Videos must be smaller than ${megabytes}MB`,
  videoTooWide: (pixels: number) => `Videos must be at most ${pixels} pixels on each side`,
  notYourStory: 'Only the author can delete this story',
  storyOnePhoto: 'A story has one photo',
  storyViewersAuthorOnly: 'Only the author can see who viewed this story',
  /** A page this device has not kept, asked for without a network (in the offline banner's words). */
  offline: "You're offline. This page will show when you're back online.",
  /** A like or an unlike tried without a network: the heart goes back to what it was. */
  likeOffline: "You're offline — couldn't like this post.",
  unlikeOffline: "You're offline — couldn't unlike this post.",
} as const;
