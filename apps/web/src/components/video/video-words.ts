/** Said wherever a video is picked beside the studio: it shows and edits photos only. */
export const videosSkipStudio = 'Videos are posted as they are: crop and filters are for photos.';
