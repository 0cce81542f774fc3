/*
 * Apart from the message schemas: the post card's Share dialog and the story reply box are in
 * the first screen's script, and a module with zod schemas at its top would bring zod into it.
 */

/** Direct messages: limits and the strings people read. */
export const directMessageLimits = {
  /** People in a conversation besides you (a group of 32 people in all). */
  maxParticipants: 31,
  groupNameMaxLength: 64,
  textMaxLength: 1000,
  maxImages: 10,
  conversationsDefaultLimit: 20,
  conversationsMaxLimit: 50,
  messagesDefaultLimit: 30,
  messagesMaxLimit: 100,
} as const;

export const directMessageTexts = {
  remoteNotAvailable: 'Messages with people on other servers are not available yet',
  notAccepting: "This person doesn't accept messages from you",
  messageToYourself: "You can't start a conversation with only yourself",
  emptyMessage: 'Write a message, choose a photo or share a post',
  notYourMessage: 'Only its sender can unsend a message',
  storyReplyElsewhere: "A story reply goes to a conversation with the story's author",
  repliedToYourStory: 'Replied to your story',
  youRepliedToTheirStory: 'You replied to their story',
  storyUnavailable: 'Story unavailable',
  tooManyParticipants: `A group can have at most ${directMessageLimits.maxParticipants + 1} people`,
} as const;
