import type { NotificationSettings, PushSubscriptionRequest, PushKind } from '@pinhole/contracts';
import { pushKinds } from '@pinhole/contracts';
import webpush from 'web-push';
import type { Infrastructure } from '../context';
import { AppError } from '../errors';
import { newId, nowIso } from '../ids';
import {
  deleteSubscription,
  ensureVapidKeys,
  findNotificationSettings,
  saveNotificationSettings,
  saveSubscription,
  type PushSettingsRow,
} from '../repositories/push.repository';
import { refusedEndpoint } from './push-endpoint';

export type VapidKeys = { publicKey: string; privateKey: string };

const column = (kind: PushKind) => `push_${kind}` as keyof PushSettingsRow;

export function settingsFromRow(row: PushSettingsRow | undefined): NotificationSettings {
  const push = Object.fromEntries(
    pushKinds.map((kind) => [kind, row ? row[column(kind)] !== 0 : true]),
  ) as NotificationSettings['push'];
  return { push };
}

/** The instance's VAPID keys (made at first start) and people's subscriptions and choices. */
export class PushService {
  #keys: Promise<VapidKeys> | undefined;

  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /** Made once and kept in the database: every instance signs with the same pair. */
  keys(): Promise<VapidKeys> {
    this.#keys ??= ensureVapidKeys(this.db, () => webpush.generateVAPIDKeys()).catch(
      (error: unknown) => {
        this.#keys = undefined;
        throw error;
      },
    );
    return this.#keys;
  }

  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  async subscribe(userId: string, subscription: PushSubscriptionRequest) {
    const refused = await refusedEndpoint(
      subscription.endpoint,
      this.infra.config.push.allowPrivateEndpoints,
    );
    if (refused) {
      throw new AppError('validation_error', `Endpoint: ${refused}`, { endpoint: refused });
    }
    return saveSubscription(this.db, {
      id: newId(),
      user_id: userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      created_at: nowIso(),
    });
  }

  unsubscribe(userId: string, endpoint: string) {
    return deleteSubscription(this.db, userId, endpoint);
  }

  async settings(userId: string): Promise<NotificationSettings> {
    return settingsFromRow(await findNotificationSettings(this.db, userId));
  }

  async saveSettings(userId: string, settings: NotificationSettings) {
    const row = Object.fromEntries(
      pushKinds.map((kind) => [column(kind), settings.push[kind] ? 1 : 0]),
    ) as unknown as PushSettingsRow;
    await saveNotificationSettings(this.db, userId, row);
    return settingsFromRow(row);
  }
}
