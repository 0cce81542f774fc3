/** The sizes of a bench run: full, --quick and --tiny. */

export interface Size {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  images: number;
  imageScale: number;
  durationS: number;
  /** The deep feed page (20 posts a page), reached with a keyset cursor. */
  deepPage: number;
  /** The deep page of the Following feed (page 50 of the full set). */
  followingDeepPage: number;
  processRuns: number;
  uploads: number;
  /** Issue 17: posts of this many 12 MP photographs, timed one after another, then 4 at once. */
  carouselPhotos: number;
  carouselRuns: number;
  carouselConcurrent: number;
  /** Issue 18: posts in the Instagram archive imported as one person. */
  importPosts: number;
  /** Issue 19: notifications of the busiest person, open event streams, timed likes. */
  notifications: number;
  streams: number;
  likeRuns: number;
}

export const sizes: Record<'full' | 'quick' | 'tiny', Size> = {
  full: {
    users: 10_000,
    posts: 100_000,
    likes: 1_000_000,
    comments: 200_000,
    images: 24,
    imageScale: 1,
    durationS: 10,
    deepPage: 500,
    followingDeepPage: 50,
    processRuns: 10,
    uploads: 16,
    carouselPhotos: 10,
    carouselRuns: 5,
    carouselConcurrent: 4,
    importPosts: 200,
    notifications: 10_000,
    streams: 2_000,
    likeRuns: 200,
  },
  quick: {
    users: 200,
    posts: 2_000,
    likes: 20_000,
    comments: 4_000,
    images: 24,
    imageScale: 1,
    durationS: 3,
    deepPage: 10,
    followingDeepPage: 10,
    processRuns: 5,
    uploads: 16,
    carouselPhotos: 10,
    carouselRuns: 3,
    carouselConcurrent: 4,
    importPosts: 200,
    notifications: 10_000,
    streams: 2_000,
    likeRuns: 50,
  },
  // For the test that keeps this script from rotting: every row, in seconds.
  tiny: {
    users: 10,
    posts: 50,
    likes: 200,
    comments: 60,
    images: 3,
    imageScale: 0.3,
    durationS: 0.25,
    deepPage: 2,
    followingDeepPage: 2,
    processRuns: 2,
    uploads: 4,
    // Two photos a post keep the run in seconds; the rows exist, the numbers are not the goal's.
    carouselPhotos: 2,
    carouselRuns: 1,
    carouselConcurrent: 2,
    importPosts: 4,
    notifications: 200,
    streams: 50,
    likeRuns: 10,
  },
};

export const pageSize = 20;

export const signedInUsers = 8;
