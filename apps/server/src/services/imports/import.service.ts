import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportFailure, ImportStatus } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { Infrastructure } from '../../context';
import { AppError, notFound } from '../../errors';
import { newId, nowIso } from '../../ids';
import type { ImportProgress } from '../../repositories/imports.repository';
import {
  failStaleImport,
  findActiveImportOf,
  findImportOf,
  insertImport,
  updateImport,
} from '../../repositories/imports.repository';
import type { CreatePostService } from '../create-post.service';
import type { ArchivePost } from './archive-posts';
import { UnknownArchiveError, readArchivePosts } from './archive-posts';
import { FailureList } from './failure-list';
import { importPost } from './import-post';
import { ArchiveError, ZipArchive } from './zip-archive';

/** A running import writes its progress after every post; this long without one, it died. */
export const staleImportMs = 10 * 60 * 1000;

/** How often imports waiting behind another show they are alive (well under `staleImportMs`). */
const waitingHeartbeatMs = 60 * 1000;

const stoppedReason =
  'The server stopped during the import. Import the archive again: what was imported stays, and nothing is added twice.';

export const importRunning = () => new AppError('conflict', messages.importRunning);

/**
 * Imports an Instagram "Download your information" archive (JSON format) or a Pinhole export
 * into an account, in the background, one archive at a time per instance so an import never
 * takes every image worker from people sharing posts. The archive waits in the data folder
 * (not /tmp, often a small RAM disk) and is removed when the job ends. Each post goes through
 * the same path as a shared post (checks, metadata stripped, variants), keeps its date, and is
 * recorded with its archive key in the post's own transaction: importing again skips it.
 * Progress lives in the database, so any instance answers for it; a job whose instance stopped
 * is marked failed once its heartbeat is old.
 */
export class ImportService {
  #queue: Promise<void> = Promise.resolve();
  #stopping = false;
  /** Imports waiting here behind another: their heartbeat moves so no instance calls them dead. */
  readonly #waiting = new Set<string>();
  #waitingHeartbeat: NodeJS.Timeout | undefined;
  #leftoversSwept = false;

  constructor(
    private readonly infra: Infrastructure,
    private readonly createPost: CreatePostService,
  ) {}

  /** Where uploads and extracted photos wait. */
  get folder(): string {
    return path.join(this.infra.config.dataDir, 'tmp', 'imports');
  }

  /** 409 when the account already has an import queued or running. */
  async assertNoneRunning(userId: string): Promise<void> {
    const active = await findActiveImportOf(this.infra.database.db, userId);
    if (active && !(await this.#failIfStale(active.id, active.updated_at))) throw importRunning();
  }

  /** A fresh path for an uploaded archive; the job removes it, `discard` if it never starts. */
  async newArchiveFile(): Promise<string> {
    await fs.mkdir(this.folder, { recursive: true });
    if (!this.#leftoversSwept) {
      this.#leftoversSwept = true;
      await this.#sweepLeftovers();
    }
    return path.join(this.folder, `${newId()}.zip`);
  }

  async discard(file: string): Promise<void> {
    await fs.rm(file, { force: true });
  }

  /** Records the import and queues its job; the archive file now belongs to the job. */
  async start(userId: string, file: string): Promise<{ id: string }> {
    const id = newId();
    try {
      await this.assertNoneRunning(userId);
      await insertImport(this.infra.database.db, { id, user_id: userId, created_at: nowIso() });
    } catch (error) {
      await this.discard(file);
      throw error;
    }
    this.#waiting.add(id);
    this.#beatWhileWaiting();
    this.#queue = this.#queue
      .then(() => {
        this.#waiting.delete(id);
        return this.#run(id, userId, file);
      })
      // #run records its own failures; nothing may stop the jobs queued after it.
      .catch(() => undefined);
    return { id };
  }

  async status(userId: string, id: string): Promise<ImportStatus> {
    const { db } = this.infra.database;
    let row = await findImportOf(db, userId, id);
    if (!row) throw notFound();
    if (
      (row.status === 'queued' || row.status === 'running') &&
      (await this.#failIfStale(row.id, row.updated_at))
    ) {
      row = (await findImportOf(db, userId, id)) ?? row;
    }
    return {
      id: row.id,
      status: row.status,
      posts_total: Number(row.posts_total),
      posts_done: Number(row.posts_done),
      posts_imported: Number(row.posts_imported),
      posts_skipped: Number(row.posts_skipped),
      failures: JSON.parse(row.failures) as ImportFailure[],
      created_at: row.created_at,
    };
  }

  /** At shutdown: the running job stops after its current post and says so; queued ones too. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#queue;
    clearInterval(this.#waitingHeartbeat);
  }

  /** Waits for every queued job (tests and the bench). */
  idle(): Promise<void> {
    return this.#queue;
  }

  /** Every minute while imports wait in this instance's queue, their heartbeat moves. */
  #beatWhileWaiting(): void {
    if (this.#waitingHeartbeat) return;
    this.#waitingHeartbeat = setInterval(() => {
      if (this.#waiting.size === 0) {
        clearInterval(this.#waitingHeartbeat);
        this.#waitingHeartbeat = undefined;
        return;
      }
      const now = nowIso();
      for (const id of this.#waiting) {
        updateImport(this.infra.database.db, id, { updated_at: now }).catch(() => undefined);
      }
    }, waitingHeartbeatMs);
    this.#waitingHeartbeat.unref();
  }

  async #failIfStale(id: string, updatedAt: string): Promise<boolean> {
    const staleBefore = new Date(Date.now() - staleImportMs).toISOString();
    if (updatedAt >= staleBefore) return false;
    const failures = new FailureList();
    failures.add({ item: 'Import', reason: stoppedReason });
    return failStaleImport(this.infra.database.db, id, staleBefore, {
      failures: failures.toJson(),
      updated_at: nowIso(),
    });
  }

  async #sweepLeftovers(): Promise<void> {
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    for (const name of await fs.readdir(this.folder).catch(() => [])) {
      const entry = path.join(this.folder, name);
      const stat = await fs.stat(entry).catch(() => null);
      if (stat && stat.mtimeMs < dayAgo) await fs.rm(entry, { recursive: true, force: true });
    }
  }

  async #run(id: string, userId: string, file: string): Promise<void> {
    const { db } = this.infra.database;
    const failures = new FailureList();
    const counts = { posts_done: 0, posts_imported: 0, posts_skipped: 0 };
    const save = (progress: Omit<ImportProgress, 'updated_at'>) =>
      updateImport(db, id, {
        ...counts,
        ...progress,
        failures: failures.toJson(),
        updated_at: nowIso(),
      });
    const work = path.join(this.folder, id);
    let archive: ZipArchive | undefined;
    try {
      if (this.#stopping) {
        failures.add({ item: 'Import', reason: stoppedReason });
        await save({ status: 'failed' });
        return;
      }
      await save({ status: 'running' });
      try {
        archive = await ZipArchive.open(file);
      } catch (error) {
        if (!(error instanceof ArchiveError)) throw error;
        failures.add({
          item: 'Archive',
          reason: `Not a zip archive that can be read (${error.message})`,
        });
        await save({ status: 'failed' });
        return;
      }
      for (const refused of archive.refused)
        failures.add({ item: refused.name, reason: refused.reason });
      let posts: ArchivePost[];
      try {
        const contents = await readArchivePosts(archive);
        failures.add(...contents.failures);
        posts = contents.posts;
      } catch (error) {
        if (!(error instanceof UnknownArchiveError)) throw error;
        failures.add(...error.failures);
        await save({ status: 'failed' });
        return;
      }
      await save({ posts_total: posts.length });
      await fs.mkdir(work, { recursive: true });
      for (const post of posts) {
        if (this.#stopping) {
          failures.add({ item: 'Import', reason: stoppedReason });
          await save({ status: 'failed' });
          return;
        }
        const outcome = await importPost(
          {
            db,
            createPost: this.createPost,
            stopping: () => this.#stopping,
            videos: {
              available: this.infra.videoTools !== null,
              maxBytes: this.infra.config.video.maxBytes,
            },
          },
          userId,
          post,
          archive,
          work,
          failures,
        );
        counts.posts_done += 1;
        if (outcome === 'imported') counts.posts_imported += 1;
        if (outcome === 'skipped') counts.posts_skipped += 1;
        await save({});
      }
      await save({ status: 'done' });
    } catch (error) {
      // The database or the disk failed under the job: say so if the database still answers;
      // otherwise the heartbeat goes stale and the next read marks it failed.
      failures.add({
        item: 'Import',
        reason: `It stopped on an error (${error instanceof Error ? error.message : 'unknown'}). Import the archive again: nothing is added twice.`,
      });
      await save({ status: 'failed' }).catch(() => undefined);
    } finally {
      archive?.close();
      await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
      await this.discard(file).catch(() => undefined);
    }
  }
}
