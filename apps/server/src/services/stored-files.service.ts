import type { Infrastructure } from '../context';
import { notFound } from '../errors';
import { findConversationOfFile } from '../repositories/message-images.repository';
import { findIsPrivate } from '../repositories/profiles.repository';
import { requireConversationMember } from '../policies/conversation-access';
import { mediaKindOf, ownerOfKey } from '../storage/storage';

/** Who may fetch a stored file through `/storage/…`. */
export class StoredFilesService {
  constructor(private readonly infra: Infrastructure) {}

  /**
   * A private account's post and story files are served only with a valid signature (made for people who
   * may see them, storage/media-urls.ts): 404 otherwise, as if they did not exist. Returns when
   * the signature expires (ms), or null for a file anyone may fetch. Privacy is read fresh for
   * every unsigned request (one query by key): an account that goes private closes its files at
   * once, on every instance.
   */
  async accessUntil(key: string, query: { exp?: string; sig?: string }): Promise<number | null> {
    const owner = ownerOfKey(key);
    const kind = mediaKindOf(key);
    if ((kind !== 'posts' && kind !== 'stories') || owner === undefined) return null;
    // A valid signature was made for someone who could see the post: no query needed, so signed
    // files load without the database. Unsigned ones need it (is the owner private now?); when
    // it is down they answer 503 rather than risk showing a private account's photo.
    if (query.sig !== undefined && this.infra.signer.verify(key, query.exp, query.sig)) {
      return Number(query.exp) * 1000;
    }
    if (!(await findIsPrivate(this.infra.database.db, owner))) return null;
    if (!this.infra.signer.verify(key, query.exp, query.sig)) throw notFound();
    return Number(query.exp) * 1000;
  }

  /**
   * A message photo is served to the conversation's participants only, by their session: 404 for
   * anyone else (signed out, another person, a participant who left or was blocked), and once
   * the message is unsent.
   */
  async requireMessageParticipant(key: string, viewerId: string | null): Promise<void> {
    if (viewerId === null) throw notFound();
    const conversationId = await findConversationOfFile(this.infra.database.db, key);
    if (conversationId === undefined) throw notFound();
    await requireConversationMember(this.infra.database.db, viewerId, conversationId);
  }
}
