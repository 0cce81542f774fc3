/** The two in-app views of the spec; there are no URL routes. */
export type View = 'home' | 'profile';
