import { PushDeliveries } from '../push/push-deliveries';
import { PushService } from '../push/push.service';
import type { Infrastructure } from '../context';
import { AccountService } from './account.service';
import { AdminService } from './admin.service';
import { AuthService } from './auth.service';
import { BlocksService } from './blocks.service';
import { CommentsService } from './comments.service';
import { CreatePostService } from './create-post.service';
import { VideoJobsService } from './video-jobs.service';
import { DiscoveryListsService } from './discovery-lists.service';
import { DomainBlocksService } from './domain-blocks.service';
import { ExportService } from './export.service';
import { FederatedReadsService } from './federated-reads.service';
import { FollowsService } from './follows.service';
import { ImportService } from './imports/import.service';
import { InstanceService } from './instance.service';
import { EventStreamsService } from './event-streams.service';
import { LikesService } from './likes.service';
import { MessagesService } from './messages.service';
import { ModerationService } from './moderation.service';
import { NotificationsService } from './notifications.service';
import { PasswordResetService } from './password-reset.service';
import { PostEditsService } from './post-edits.service';
import { PostReadsService } from './post-reads.service';
import { ProfilesService } from './profiles.service';
import { ReportsService } from './reports.service';
import { SavesService } from './saves.service';
import { SearchService } from './search.service';
import { StoriesService } from './stories.service';
import { StoredFilesService } from './stored-files.service';
import { SuggestionsService } from './suggestions.service';
import { SweepService, ownerQueries } from './sweep.service';
import { VariantBackfillService } from './variant-backfill.service';
import { RemoteMediaFetcher } from '../media/remote-media';
import type { OutboxReader } from './remote-backfill.service';
import { RemoteBackfillService } from './remote-backfill.service';
import { RemotePeopleService } from './remote-people.service';
import { RemotePostsService } from './remote-posts.service';

/** What other doors lend the services: federation's, when it is on (create-context.ts). */
export interface ServiceDoors {
  readRemoteOutbox?: OutboxReader;
}

/**
 * Every service, built once at start with what it depends on. Routes are thin adapters over
 * these; scripts (sweep, seed) use the same instances. Their side effects are subscribed in one
 * place, events/subscribers/registry.ts, by create-context.ts.
 */
export function createServices(infra: Infrastructure, doors: ServiceDoors = {}) {
  const push = new PushService(infra);
  const pushDeliveries = new PushDeliveries(infra, push);
  const notifications = new NotificationsService(infra);
  const blocks = new BlocksService(infra);
  const follows = new FollowsService(infra);
  const profiles = new ProfilesService(infra, follows);
  const postReads = new PostReadsService(infra);
  // A post with videos reaches others (post.created) once its last one is transcoded.
  const videoJobs = new VideoJobsService(infra, ({ postId, authorId, imported }) =>
    infra.events.publish({ type: 'post.created', postId, authorId, imported }),
  );
  const createPost = new CreatePostService(infra, postReads, videoJobs);
  const stories = new StoriesService(infra, videoJobs);
  const postEdits = new PostEditsService(infra, postReads);
  const comments = new CommentsService(infra);
  const remoteMedia = new RemoteMediaFetcher(infra);
  const messages = new MessagesService(infra, videoJobs);
  const moderation = new ModerationService(infra, profiles);
  return {
    push,
    pushDeliveries,
    auth: new AuthService(infra, profiles),
    account: new AccountService(infra, profiles),
    passwordReset: new PasswordResetService(infra),
    export: new ExportService(infra),
    profiles,
    follows,
    blocks,
    postReads,
    createPost,
    videoJobs,
    imports: new ImportService(infra, createPost),
    postEdits,
    saves: new SavesService(infra, postReads),
    likes: new LikesService(infra),
    comments,
    moderation,
    admin: new AdminService(infra),
    instance: new InstanceService(infra),
    domainBlocks: new DomainBlocksService(infra),
    reports: new ReportsService(infra, moderation, postEdits, comments, messages),
    notifications,
    eventStreams: new EventStreamsService(infra, notifications),
    suggestions: new SuggestionsService(infra),
    search: new SearchService(infra),
    discoveryLists: new DiscoveryListsService(infra, postReads),
    storedFiles: new StoredFilesService(infra),
    stories,
    messages,
    remoteMedia,
    remotePeople: new RemotePeopleService(infra),
    federatedReads: new FederatedReadsService(infra),
    remotePosts: new RemotePostsService(infra, createPost, postEdits, remoteMedia),
    remoteBackfill: new RemoteBackfillService(doors.readRemoteOutbox),
    // The maintenance sweep also removes remote photos' copies past their retention.
    sweep: new SweepService(infra, ownerQueries, {
      removeExpired: async (now) =>
        (await stories.removeExpired(now)) + (await remoteMedia.removeExpired(now)),
    }),
    variantBackfill: new VariantBackfillService(infra),
  };
}

export type Services = ReturnType<typeof createServices>;
