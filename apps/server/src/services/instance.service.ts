import type { Instance, UpdateInstanceInput } from '@pinhole/contracts';
import { defaultInstanceName } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { nowIso } from '../ids';
import {
  countPublicStats,
  findInstanceSettings,
  saveInstanceSettings,
} from '../repositories/instance-settings.repository';
import { cacheTags } from '../cache/cache-tags';
import { audit, type Actor } from './moderation.service';

type Settings = Pick<Instance, 'name' | 'description' | 'rules' | 'contact_email'>;

/**
 * Until an admin writes them: the app's name and nothing else. The contact stays empty rather
 * than defaulting to the first admin's email: that is their sign-in (and password reset)
 * address, which should not become public without their choosing to publish it.
 */
const defaults: Settings = {
  name: defaultInstanceName,
  description: '',
  rules: [],
  contact_email: '',
};

function parseRules(json: string): string[] {
  try {
    const rules: unknown = JSON.parse(json);
    return Array.isArray(rules) ? rules.filter((rule) => typeof rule === 'string') : [];
  } catch {
    return [];
  }
}

/** What the instance says of itself (`/about`), and its admin's edits of that. */
export class InstanceService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * Read on every `/about` and sign-up form, so kept until it changes: the settings' own trigger
   * (`instance`), any sign-up, deleted account or suspension (`search-terms`: each changes
   * someone's search terms) and any post added or removed (`feed:everyone`).
   */
  async get(): Promise<Instance> {
    const cached = await this.infra.caches.instance.get('about', async () => ({
      value: { ...(await this.#settings()), stats: await countPublicStats(this.db) },
      tags: [cacheTags.instance, cacheTags.searchTerms, cacheTags.everyoneFeed],
    }));
    return { signups: this.infra.config.signups, ...cached, ...this.#abilities() };
  }

  /** What this server can do, from its configuration: read per answer, never cached. */
  #abilities(): Pick<Instance, 'mail' | 'video'> {
    return {
      mail: this.infra.config.smtpUrl !== undefined,
      video: this.infra.videoTools !== null,
    };
  }

  /** Changes the fields given, keeps the others; one audit line names what changed. */
  async update(input: UpdateInstanceInput, actor: Actor): Promise<Instance> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.#settings(trx);
      const next: Settings = {
        name: input.name ?? current.name,
        description: input.description ?? current.description,
        rules: input.rules ?? current.rules,
        contact_email: input.contact_email ?? current.contact_email,
      };
      await saveInstanceSettings(trx, {
        ...next,
        rules: JSON.stringify(next.rules),
        updated_at: nowIso(),
      });
      const changed = (Object.keys(next) as (keyof Settings)[]).filter(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
      );
      await audit(trx, actor, {
        action: 'instance.update',
        targetType: 'instance',
        targetId: 'instance',
        summary:
          changed.length === 0
            ? "saved the instance's about page unchanged"
            : `changed the instance's ${changed.join(', ').replace('_', ' ')}`,
      });
    });
    // Its subscriber has this instance forget at once; the others learn it from the trigger's
    // change log.
    await this.infra.events.publish({ type: 'instance.updated' });
    return this.get();
  }

  async #settings(db = this.db): Promise<Settings> {
    const row = await findInstanceSettings(db);
    if (!row) return defaults;
    return { ...row, rules: parseRules(row.rules) };
  }
}
