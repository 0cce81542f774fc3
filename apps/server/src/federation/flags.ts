import type { Federation, InboxContext } from '@fedify/fedify';
import { Flag, Note } from '@fedify/vocab';
import { reportNoteMaxLength, reportReasonLabels } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { storedRecipient } from './activities';
import { instanceActorPath, instanceKeyId } from './actor';
import { htmlToText } from './html';
import { instanceKeyOwner, keyPairsOf } from './keys';
import { rememberActor } from './remote-actors';

type Deps = Pick<AppContext, 'config' | 'database' | 'clock' | 'services'>;

/**
 * A report a member asked to forward, sent to the server of the reported person as `Flag` from
 * the instance actor (so the remote admins never learn who reported): the report's reason and
 * note as content, the person's actor and the reported comment's Note as objects.
 */
export async function sendFlag(
  federation: Federation<void>,
  deps: Deps,
  reportId: string,
): Promise<void> {
  const report = await deps.services.remotePeople.reportToForward(reportId);
  if (!report) return;
  const origin = deps.config.publicUrl;
  // The instance actor's keys: Fedify's key store (keys.ts).
  const [rsa] = await keyPairsOf(deps.database.db, deps.clock, instanceKeyOwner);
  if (!rsa) return;
  const actor = new URL(instanceActorPath, origin);
  const reason = reportReasonLabels[report.reason];
  const ctx = federation.createContext(origin, undefined);
  await ctx.sendActivity(
    { keyId: instanceKeyId(origin.href), privateKey: rsa.privateKey },
    storedRecipient(report.remote),
    new Flag({
      id: new URL(`${instanceActorPath}#flags/${report.id}`, origin),
      actor,
      objects: report.objects.map((url) => new URL(url)),
      content: report.note ? `${reason}: ${report.note}` : reason,
    }),
    { preferSharedInbox: true },
  );
}

type InboxDeps = Pick<AppContext, 'database' | 'services' | 'clock'>;

/**
 * A `Flag` from another server about local people or posts: one report per object in the admin
 * queue, by the flagging actor (usually that server's instance actor, shown as `host@host`),
 * with the Flag's text as the note.
 */
export async function receiveFlag(
  deps: InboxDeps,
  ctx: InboxContext<void>,
  flag: Flag,
): Promise<void> {
  const targets: { type: 'post' | 'profile'; id: string }[] = [];
  for (const uri of flag.objectIds) {
    const parsed = ctx.parseUri(uri);
    if (parsed?.type === 'object' && parsed.class === Note) {
      targets.push({ type: 'post', id: parsed.values.id! });
    } else if (parsed?.type === 'actor' && !parsed.identifier.includes('@')) {
      const profile = await deps.services.remotePeople.localPerson(parsed.identifier, {
        evenSuspended: true,
      });
      if (profile) targets.push({ type: 'profile', id: profile.id });
    }
  }
  // A Flag naming posts is about them; a person alone is reported as a profile.
  const posts = targets.filter((target) => target.type === 'post');
  const reported = posts.length > 0 ? posts : targets;
  if (reported.length === 0) return;
  const actor = await flag.getActor(ctx);
  if (!actor || actor.id?.href !== flag.actorId?.href) return;
  const reporterId = await rememberActor(deps.services.remotePeople, actor);
  if (!reporterId) return;
  const note = htmlToText(flag.content?.toString() ?? '').slice(0, reportNoteMaxLength);
  for (const target of reported) {
    await deps.services.reports.reportFromServer(reporterId, target, note || null);
  }
}
