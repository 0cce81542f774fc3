import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { answerNotFound } from '../errors';
import { accountRoutes } from './account.routes';
import { adminRoutes } from './admin.routes';
import { authRoutes } from './auth.routes';
import { blockRoutes } from './blocks.routes';
import { commentRoutes } from './comments.routes';
import { conversationRoutes } from './conversations.routes';
import { exploreRoutes } from './explore.routes';
import { eventRoutes } from './events.routes';
import { exportRoutes } from './export.routes';
import { hashtagRoutes } from './hashtags.routes';
import { importRoutes } from './import.routes';
import { followRequestRoutes } from './follow-requests.routes';
import { notificationRoutes } from './notifications.routes';
import { postRoutes } from './posts.routes';
import { profileRoutes } from './profiles.routes';
import { pushRoutes } from './push.routes';
import { filterRoutes } from './filters.routes';
import { instanceRoutes } from './instance.routes';
import { reportRoutes } from './reports.routes';
import { savedRoutes } from './saved.routes';
import { searchRoutes } from './search.routes';
import { storyRoutes } from './stories.routes';
import { suggestionRoutes } from './suggestions.routes';
import { attachViewer } from './viewer';

/** `/api`: the calls that know who is asking. Stored files and the client's pages never look. */
export function apiRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (api) => {
    api.addHook('onRequest', attachViewer(context));
    // A request without a body is checked as an empty object, so each required field gets its own
    // message (Fastify hands a validator `null` for a missing body).
    api.addHook('preValidation', (request, _reply, done) => {
      if (request.body === undefined) request.body = {};
      done();
    });
    api.setNotFoundHandler(answerNotFound);

    await api.register(authRoutes(context), { prefix: '/auth' });
    await api.register(accountRoutes(context));
    await api.register(profileRoutes(context), { prefix: '/profiles' });
    await api.register(postRoutes(context), { prefix: '/posts' });
    await api.register(commentRoutes(context));
    await api.register(savedRoutes(context));
    await api.register(exportRoutes(context), { prefix: '/me/export' });
    await api.register(importRoutes(context), { prefix: '/me/import' });
    await api.register(followRequestRoutes(context), { prefix: '/me/follow-requests' });
    await api.register(suggestionRoutes(context), { prefix: '/suggestions' });
    await api.register(searchRoutes(context), { prefix: '/search' });
    await api.register(hashtagRoutes(context), { prefix: '/hashtags' });
    await api.register(exploreRoutes(context), { prefix: '/explore' });
    await api.register(notificationRoutes(context), { prefix: '/notifications' });
    await api.register(eventRoutes(context), { prefix: '/events' });
    await api.register(storyRoutes(context), { prefix: '/stories' });
    await api.register(filterRoutes(), { prefix: '/filters' });
    await api.register(reportRoutes(context), { prefix: '/reports' });
    await api.register(instanceRoutes(context), { prefix: '/instance' });
    await api.register(adminRoutes(context), { prefix: '/admin' });
    await api.register(blockRoutes(context));
    await api.register(conversationRoutes(context));
    await api.register(pushRoutes(context));
  };
}
