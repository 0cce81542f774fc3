import {
  directMessageTexts,
  type Conversation,
  type Message,
  type ProfileSummary,
  type SendMessageRequest,
} from '@pinhole/contracts';
import { apiRequest } from '@/lib/api-client';

/** Starts (or finds again, one to one) a conversation with these people. */
export function startConversation(participantIds: readonly string[]): Promise<Conversation> {
  return apiRequest('startConversation', { body: { participant_ids: [...participantIds] } });
}

export function sendDirectMessage(
  conversationId: string,
  body: SendMessageRequest,
): Promise<Message> {
  return apiRequest('sendMessage', { params: { id: conversationId }, body });
}

/** Writes to one person: their one-to-one conversation, started if need be. */
export async function messagePerson(personId: string, body: SendMessageRequest): Promise<Message> {
  const conversation = await startConversation([personId]);
  return sendDirectMessage(conversation.id, body);
}

/** People on other servers cannot be written to yet (their username holds their server). */
export const isRemotePerson = (person: Pick<ProfileSummary, 'username'>) =>
  person.username.includes('@');

/** What the app says where a remote person would be messaged. */
export const remoteMessagesText = `${directMessageTexts.remoteNotAvailable}.`;

/** People whose name or username matches, for choosing whom to write to. */
export async function findPeople(q: string, signal?: AbortSignal): Promise<ProfileSummary[]> {
  const result = await apiRequest('search', { query: { q }, signal });
  return result.profiles;
}
