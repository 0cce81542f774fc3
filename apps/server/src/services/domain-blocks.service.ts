import type { DomainBlock, DomainBlocks, DomainBlockSeverity } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../errors';
import { cacheTags } from '../cache/cache-tags';
import {
  deleteDomainBlock,
  domainsCovering,
  findDomainBlock,
  listDomainBlocks,
  listPeopleOfDomain,
  removeInteractionsOf,
  saveDomainBlock,
  setSuspendedStamp,
} from '../repositories/domain-blocks.repository';
import { markTopicsChanged } from '../repositories/cache-changes.repository';
import { audit, type Actor } from './moderation.service';

/**
 * Explore and hashtag pages are shared by every reader: a silence (or its end) forgets them on
 * every instance, as a change of an account's privacy does.
 */
async function forgetDiscoveryPages(db: Kysely<DB>): Promise<void> {
  await markTopicsChanged(db, [cacheTags.anyPrivacy, cacheTags.everyoneFeed]);
}

/**
 * Servers an admin keeps out. A suspension hides the server's people the way an admin's
 * suspension hides a local person (their profiles are marked with the block's own stamp, so the
 * end of the block shows them again and leaves an admin's own suspension of one of them alone),
 * and removes their likes, comments and follows here, as Mastodon does: counts are right at
 * once, and no follow keeps sending to a server nothing may be sent to. What comes in from it
 * and goes out to it is refused by federation/domain-blocks.ts.
 */
export class DomainBlocksService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * Shows again the people a suspension hid, then hides again those a suspension of a parent or
   * subdomain still covers (each with that block's stamp).
   */
  async #showPeopleOf(db: Kysely<DB>, block: { domain: string; created_at: string }) {
    await setSuspendedStamp(db, await listPeopleOfDomain(db, block.domain), block.created_at, null);
    const overlapping = (await listDomainBlocks(db)).filter(
      (other) =>
        other.severity === 'suspend' &&
        other.domain !== block.domain &&
        (other.domain.endsWith(`.${block.domain}`) || block.domain.endsWith(`.${other.domain}`)),
    );
    for (const other of overlapping) {
      await setSuspendedStamp(
        db,
        await listPeopleOfDomain(db, other.domain),
        null,
        other.created_at,
      );
    }
  }

  async list(): Promise<DomainBlocks> {
    return { domains: await listDomainBlocks(this.db) };
  }

  async put(
    domain: string,
    input: { severity: DomainBlockSeverity; reason?: string },
    actor: Actor,
  ): Promise<DomainBlock> {
    if (domainsCovering(this.infra.config.publicUrl.hostname).includes(domain)) {
      throw new AppError('validation_error', "You can't block this instance's own domain");
    }
    await this.db.transaction().execute(async (trx) => {
      const before = await findDomainBlock(trx, domain);
      const block = {
        domain,
        severity: input.severity,
        reason: input.reason || null,
        created_at: before?.created_at ?? this.infra.clock.now().toISOString(),
      };
      await saveDomainBlock(trx, block);
      const people = await listPeopleOfDomain(trx, domain);
      if (block.severity === 'suspend' && before?.severity !== 'suspend') {
        await setSuspendedStamp(trx, people, null, block.created_at);
        for (const id of people) await removeInteractionsOf(trx, id);
      } else if (block.severity === 'silence' && before?.severity === 'suspend') {
        await this.#showPeopleOf(trx, block);
      }
      await forgetDiscoveryPages(trx);
      await audit(trx, actor, {
        action: `domain.${block.severity}`,
        targetType: 'domain',
        targetId: domain,
        summary: `${block.severity === 'suspend' ? 'suspended' : 'silenced'} ${domain}`,
      });
    });
    const saved = await findDomainBlock(this.db, domain);
    if (!saved) throw notFound();
    return saved;
  }

  /** Ends a block: a suspended server's people show again (what was removed stays removed). */
  async remove(domain: string, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const block = await findDomainBlock(trx, domain);
      if (!block) throw notFound();
      await deleteDomainBlock(trx, domain);
      if (block.severity === 'suspend') await this.#showPeopleOf(trx, block);
      await forgetDiscoveryPages(trx);
      await audit(trx, actor, {
        action: 'domain.unblock',
        targetType: 'domain',
        targetId: domain,
        summary: `unblocked ${domain}`,
      });
    });
  }
}
