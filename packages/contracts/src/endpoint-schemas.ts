import type { z } from 'zod';
import {
  accountSessionsResponseSchema,
  changePasswordSchema,
  deleteAccountSchema,
  importStartedSchema,
  importStatusSchema,
} from './account';
import { authResponseSchema, sessionResponseSchema, signInSchema, signUpSchema } from './auth';
import { domainBlockSchema, domainBlocksSchema, putDomainBlockSchema } from './domain-blocks';
import { commentListSchema, commentSchema, createCommentSchema } from './comment';
import { hashtagPostsSchema, searchResultSchema } from './discovery';
import type { EndpointName } from './endpoints';
import { followResultSchema, profileSummaryPageSchema, suggestionListSchema } from './follow';
import { instanceSchema, updateInstanceSchema } from './instance';
import { filtersResponseSchema } from './photo-edits';
import { notificationPageSchema } from './notifications';
import {
  conversationPageSchema,
  conversationSchema,
  createConversationSchema,
  messagePageSchema,
  messageSchema,
  sendMessageSchema,
} from './direct-messages';
import {
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionSchema,
  pushUnsubscribeRequestSchema,
} from './push';
import {
  likeResultSchema,
  postPageSchema,
  postSchema,
  saveResultSchema,
  updatePostSchema,
} from './post';
import { profileSchema, updateProfileSchema } from './profile';
import {
  adminStatsSchema,
  adminUsersPageSchema,
  auditPageSchema,
  blockedPageSchema,
  blockResultSchema,
  createInviteSchema,
  invitesListSchema,
  inviteSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  reportCreatedSchema,
  reportInputSchema,
  reportSchema,
  reportsPageSchema,
  resolveReportSchema,
} from './safety';
import { storySchema, storyTraysSchema, storyViewersSchema } from './story';

interface CallSchemas {
  /** The JSON body, as the server's route validates it. */
  request?: z.ZodType;
  /** The JSON answer; none for calls that answer without a body (204, 202) or not in JSON. */
  response?: z.ZodType;
}

/**
 * The schemas of every call in `endpoints`, under the same names: the server's routes declare
 * these same schemas, and the web client checks its answers against them in development and
 * tests. Kept apart from `endpoints` because they bring zod, which production's first screen
 * never loads (its client reads this object only where `import.meta.env.DEV` holds).
 */
export const endpointSchemas = {
  session: { response: sessionResponseSchema },
  signIn: { request: signInSchema, response: authResponseSchema },
  signUp: { request: signUpSchema, response: authResponseSchema },
  signOut: {},
  requestPasswordReset: { request: passwordResetRequestSchema },
  confirmPasswordReset: { request: passwordResetConfirmSchema },
  changePassword: { request: changePasswordSchema },
  sessions: { response: accountSessionsResponseSchema },
  endOtherSessions: {},
  endSession: {},
  updateProfile: { request: updateProfileSchema, response: profileSchema },
  changeAvatar: { response: profileSchema },
  removeAvatar: { response: profileSchema },
  deleteAccount: { request: deleteAccountSchema },
  exportArchive: {},
  startImport: { response: importStartedSchema },
  importStatus: { response: importStatusSchema },
  feed: { response: postPageSchema },
  createPost: { response: postSchema },
  post: { response: postSchema },
  updatePost: { request: updatePostSchema, response: postSchema },
  deletePost: {},
  like: { response: likeResultSchema },
  unlike: { response: likeResultSchema },
  likers: { response: profileSummaryPageSchema },
  save: { response: saveResultSchema },
  unsave: { response: saveResultSchema },
  savedPosts: { response: postPageSchema },
  comments: { response: commentListSchema },
  addComment: { request: createCommentSchema, response: commentSchema },
  deleteComment: {},
  profileByUsername: { response: profileSchema },
  profilePosts: { response: postPageSchema },
  taggedPosts: { response: postPageSchema },
  followers: { response: profileSummaryPageSchema },
  following: { response: profileSummaryPageSchema },
  follow: { response: followResultSchema },
  unfollow: { response: followResultSchema },
  followRequests: { response: profileSummaryPageSchema },
  approveFollowRequest: {},
  declineFollowRequest: {},
  block: { response: blockResultSchema },
  unblock: { response: blockResultSchema },
  blockedPeople: { response: blockedPageSchema },
  suggestions: { response: suggestionListSchema },
  search: { response: searchResultSchema },
  explore: { response: postPageSchema },
  hashtagPosts: { response: hashtagPostsSchema },
  notifications: { response: notificationPageSchema },
  markNotificationsRead: {},
  events: {},
  pushKey: { response: pushKeySchema },
  subscribePush: { request: pushSubscriptionRequestSchema, response: pushSubscriptionSchema },
  unsubscribePush: { request: pushUnsubscribeRequestSchema },
  notificationSettings: { response: notificationSettingsSchema },
  saveNotificationSettings: {
    request: notificationSettingsSchema,
    response: notificationSettingsSchema,
  },
  conversations: { response: conversationPageSchema },
  conversationMessages: { response: messagePageSchema },
  sendMessage: { request: sendMessageSchema, response: messageSchema },
  markConversationRead: {},
  startConversation: { request: createConversationSchema, response: conversationSchema },
  acceptConversation: { response: conversationSchema },
  leaveConversation: {},
  unsendMessage: {},
  storyTrays: { response: storyTraysSchema },
  createStory: { response: storySchema },
  filters: { response: filtersResponseSchema },
  story: { response: storySchema },
  markStoryViewed: {},
  storyViewers: { response: storyViewersSchema },
  deleteStory: {},
  report: { request: reportInputSchema, response: reportCreatedSchema },
  instance: { response: instanceSchema },
  updateInstance: { request: updateInstanceSchema, response: instanceSchema },
  adminReports: { response: reportsPageSchema },
  resolveReport: { request: resolveReportSchema, response: reportSchema },
  adminUsers: { response: adminUsersPageSchema },
  suspendUser: { response: profileSchema },
  unsuspendUser: { response: profileSchema },
  adminStats: { response: adminStatsSchema },
  invites: { response: invitesListSchema },
  createInvite: { request: createInviteSchema, response: inviteSchema },
  auditLog: { response: auditPageSchema },
  domainBlocks: { response: domainBlocksSchema },
  putDomainBlock: { request: putDomainBlockSchema, response: domainBlockSchema },
  removeDomainBlock: {},
  apiDocs: {},
} satisfies { [N in EndpointName]: CallSchemas };

type SchemasOf<N extends EndpointName> = (typeof endpointSchemas)[N];

/** What a call answers: the parsed response schema, or nothing. */
export type EndpointResponse<N extends EndpointName> =
  SchemasOf<N> extends { response: z.ZodType } ? z.output<SchemasOf<N>['response']> : void;

/** The JSON body a call sends, as its request schema accepts it; `undefined` for calls without. */
export type EndpointBody<N extends EndpointName> =
  SchemasOf<N> extends { request: z.ZodType } ? z.input<SchemasOf<N>['request']> : undefined;
