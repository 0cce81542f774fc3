import https from 'node:https';
import type { PushKind } from '@pinhole/contracts';
import webpush, { WebPushError } from 'web-push';
import type { Infrastructure } from '../context';
import { newId } from '../ids';
import {
  claimDelivery,
  deleteDelivery,
  deleteSubscriptionById,
  enqueueDeliveries,
  findDueDeliveries,
  findNotificationSettings,
  findNotificationsMatching,
  findSubscription,
  findSubscriptionsOf,
  type NotificationMatch,
} from '../repositories/push.repository';
import { refusedEndpoint } from './push-endpoint';
import { pushPayload, type PushItem } from './push-messages';
import { settingsFromRow, type PushService } from './push.service';

/** What arrives within this long for one person goes out as one push. */
const groupWindowMs = 1_000;
/** How often the queue is read for retries and for deliveries left by a restart. */
const pollMs = 15_000;
const maxAttempts = 6;
/** 30 s, 1 min, 2 min, … between attempts. */
const retryDelayMs = (attempts: number) => 30_000 * 2 ** attempts;
/** A push waits at the push service this long for a phone that is off. */
const timeToLiveSeconds = 24 * 60 * 60;

const kindOf: Record<PushItem['type'], PushKind> = {
  like: 'likes',
  comment: 'comments',
  mention: 'mentions',
  follow: 'follows',
  follow_request: 'follow_requests',
  follow_accepted: 'follows',
};

/**
 * Sends pushes for notifications, off the request path: an action's event only notes what to
 * look up; a moment later (when what arrived together is known) the notifications it made are
 * read, grouped per person, filtered by their choices, and written to a durable queue, from
 * which they are sent with retries. A push service's 404 or 410 removes the subscription.
 */
export class PushDeliveries {
  #pending: NotificationMatch[] = [];
  #groupTimer: NodeJS.Timeout | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #closed = false;
  #report: (error: unknown) => void = (error) => console.error(error);
  readonly #agent: https.Agent | undefined;

  constructor(
    private readonly infra: Infrastructure,
    private readonly push: PushService,
  ) {
    // Tests only: their push service listens on loopback with a certificate of their own.
    this.#agent = infra.config.push.allowPrivateEndpoints
      ? new https.Agent({ rejectUnauthorized: false })
      : undefined;
  }

  private get db() {
    return this.infra.database.db;
  }

  reportErrorsTo(report: (error: unknown) => void): void {
    this.#report = report;
  }

  /** Starts reading the queue now and then (retries, and what a restart left). */
  start(): void {
    if (this.#pollTimer || this.#closed) return;
    this.#pollTimer = setInterval(() => this.kick(), pollMs);
    this.#pollTimer.unref();
    this.kick();
  }

  /** Notes the notifications an event made; they are read once the group window ends. */
  notice(match: NotificationMatch): void {
    if (this.#closed) return;
    this.#pending.push(match);
    this.#groupTimer ??= setTimeout(() => {
      this.#groupTimer = undefined;
      const matches = this.#pending;
      this.#pending = [];
      this.#enqueue(matches).then(
        () => this.kick(),
        (error: unknown) => this.#report(error),
      );
    }, groupWindowMs);
  }

  async #enqueue(matches: NotificationMatch[]): Promise<void> {
    const rows = (
      await Promise.all(matches.map((match) => findNotificationsMatching(this.db, match)))
    ).flat();
    const byPerson = new Map<string, PushItem[]>();
    for (const row of rows) {
      const items = byPerson.get(row.user_id) ?? [];
      items.push({ type: row.type, actor: row.actor, postId: row.post_id, comment: row.comment });
      byPerson.set(row.user_id, items);
    }
    const origin = this.infra.config.publicUrl.origin;
    for (const [userId, items] of byPerson) {
      const { push } = settingsFromRow(await findNotificationSettings(this.db, userId));
      const wanted = items.filter((item) => push[kindOf[item.type]]);
      if (wanted.length === 0) continue;
      const payload = JSON.stringify(pushPayload(wanted, origin));
      const now = this.infra.clock.now().toISOString();
      const subscriptions = await findSubscriptionsOf(this.db, userId);
      await enqueueDeliveries(
        this.db,
        subscriptions.map((subscription) => ({
          id: newId(),
          subscription_id: subscription.id,
          payload,
          next_attempt_at: now,
        })),
      );
    }
  }

  /** Sends what is due, unless a pass is already running (it picks up what is new). */
  kick(): void {
    if (this.#closed || this.#draining) return;
    this.#draining = this.#drain()
      .catch((error: unknown) => this.#report(error))
      .finally(() => {
        this.#draining = undefined;
      });
  }

  async #drain(): Promise<void> {
    for (;;) {
      const now = this.infra.clock.now();
      const due = await findDueDeliveries(this.db, now.toISOString(), 20);
      if (due.length === 0 || this.#closed) return;
      await Promise.all(due.map((delivery) => this.#deliver(delivery, now)));
    }
  }

  async #deliver(
    delivery: { id: string; subscription_id: string; payload: string; attempts: number },
    now: Date,
  ): Promise<void> {
    const retryAt = new Date(now.getTime() + retryDelayMs(delivery.attempts)).toISOString();
    if (!(await claimDelivery(this.db, delivery.id, delivery.attempts, retryAt))) return;
    const subscription = await findSubscription(this.db, delivery.subscription_id);
    const allowPrivate = this.infra.config.push.allowPrivateEndpoints;
    // Checked again at sending: the name may resolve elsewhere than when it was subscribed.
    if (!subscription || (await refusedEndpoint(subscription.endpoint, allowPrivate))) {
      await deleteDelivery(this.db, delivery.id);
      return;
    }
    const keys = await this.push.keys();
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        delivery.payload,
        {
          vapidDetails: {
            subject: this.infra.config.push.vapidSubject,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: timeToLiveSeconds,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(this.#agent ? { agent: this.#agent } : {}),
        },
      );
      await deleteDelivery(this.db, delivery.id);
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : 0;
      if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it never comes back.
        await deleteSubscriptionById(this.db, subscription.id);
      } else if (
        (status >= 400 && status < 500 && status !== 429) ||
        delivery.attempts + 1 >= maxAttempts
      ) {
        await deleteDelivery(this.db, delivery.id);
      }
      // Otherwise the claim already set the next attempt.
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#groupTimer);
    clearInterval(this.#pollTimer);
    await this.#draining;
  }
}
