/** Said wherever a video is picked beside the studio: it shows and edits photos only. */
export const videosSkipStudio = 'Videos are posted as they are: crop and filters are for photos.';

/** Under the create dialog's photo types, where the server takes videos. */
export const videosWelcome = 'Videos too: MP4, MOV or WebM';
