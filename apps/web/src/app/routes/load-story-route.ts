/**
 * The story viewer's code, loaded when a story is opened, or fetched ahead when the reader
 * reaches for the strip (the home and the router both ask for it; the module is fetched once).
 */
export const loadStoryRoute = () => import('./story');
