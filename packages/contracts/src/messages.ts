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
  corruptImage: 'This image file is damaged or incomplete',
  imageTooLarge: 'This image has too many pixels',
  busy: 'The server is busy, please try again in a moment',
  rateLimited: 'Too many attempts, please try again later',
  forbidden: 'This request is not allowed',
  internal: 'Something went wrong, please try again',
  unavailable: 'The service is temporarily unavailable, please try again in a moment',
  storageFull: 'The server has run out of storage space, please try again later',
} as const;
