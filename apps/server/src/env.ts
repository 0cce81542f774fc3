import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import type { SignupMode } from '@pinhole/contracts';
import { limits, signupModeSchema } from '@pinhole/contracts';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .refine(
        (url) => /^postgres(ql)?:\/\//.test(url) || /^sqlite:/.test(url),
        'must start with postgres:// or sqlite:',
      )
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
    /**
     * PostgreSQL: keep each statement prepared on its connection (parsed and planned once). Off
     * for a pooler that does not carry prepared statements between transactions (PgBouncer in
     * transaction mode before 1.21).
     */
    DATABASE_PREPARED_STATEMENTS: booleanString.default(true),
    /** Longest wait for a PostgreSQL connection (a free one from the pool, or a new one). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
    /** Longest wait for one statement (PostgreSQL), or for SQLite's write lock. */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    S3_PUBLIC_URL: z.url().optional(),
    /** Longest wait for one S3 call: connecting, sending, and the store's answer (not a download). */
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    PUBLIC_URL: z.url().optional(),
    /** `smtp://user:pass@host:port` (or `smtps://`) for password-reset emails; unset: none sent. */
    SMTP_URL: z
      .string()
      .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
      .optional(),
    /** The sender of those emails; by default `Pinhole <no-reply@HOST of PUBLIC_URL>`. */
    MAIL_FROM: z.string().min(3).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * `json`: one JSON object a line, for log collectors; `pretty`: for people reading a terminal.
     * Unset: `pretty` when the server's output is a terminal, `json` otherwise.
     */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** Turns `GET /metrics` on, for scrapers that send `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(1).optional(),
    WEB_DIST_DIR: z.string().optional(),
    DEMO: booleanString.default(false),
    /** `false` turns off the built-in rate limits (for a deployment that limits at its proxy). */
    RATE_LIMITS: booleanString.default(true),
    /** `true` behind a reverse proxy: the client address is read from X-Forwarded-For. */
    TRUST_PROXY: booleanString.default(false),
    /** Who the push services may contact about this instance's pushes (a mailto: or https: URL). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/)
      .optional(),
    /** Tests only: push endpoints on loopback or private addresses are accepted. */
    PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanString.default(false),
    /** `false` skips the orphan sweep a minute after start (run `npm run sweep` from cron instead). */
    SWEEP_ON_START: booleanString.default(true),
    /** The largest archive `POST /api/me/import` takes, in bytes: 2 GB, or less for a small disk. */
    /** How often an idle `GET /api/events` stream gets a comment line: proxies close silent ones. */
    EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(30_000).default(25_000),
    /** Who may make an account: `open`, `invite` (needs an admin's invite code) or `closed`. */
    SIGNUPS: signupModeSchema.default('open'),
    /** `false` keeps an https instance off the fediverse; on http there is no federation anyway. */
    FEDERATION: booleanString.default(true),
    /** Tests only: lets federation fetch from and deliver to loopback and private addresses. */
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: booleanString.default(false),
    /** Our copy of a remote photo is removed this many days after it was last looked at. */
    REMOTE_MEDIA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** ffmpeg and ffprobe: found on PATH unless named here. Without them videos are refused (415). */
    FFMPEG_PATH: z.string().min(1).optional(),
    FFPROBE_PATH: z.string().min(1).optional(),
    /** The longest video accepted, in seconds (stories keep their own 60). */
    VIDEO_MAX_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(limits.videoMaxSecondsCeiling)
      .default(limits.videoDefaultMaxSeconds),
    /**
     * The largest video upload, in megabytes (photos keep 5 MB). At most 1 GB: the storage
     * interface takes a whole file in memory, once when it arrives and once when transcoded.
     */
    VIDEO_MAX_MB: z.coerce.number().int().min(1).max(1024).default(limits.videoDefaultMaxMegabytes),
    /** Videos transcoded at once by this instance; the machine's cores by default. */
    VIDEO_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(limits.maxImportArchiveBytes)
      .default(limits.maxImportArchiveBytes),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when STORAGE_DRIVER=s3',
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database:
    | { kind: 'sqlite'; file: string; queryTimeoutMs: number }
    | {
        kind: 'postgres';
        url: string;
        poolSize: number;
        preparedStatements: boolean;
        connectTimeoutMs: number;
        queryTimeoutMs: number;
      };
  storage:
    | { driver: 'local'; root: string }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        publicUrl: string | undefined;
        timeoutMs: number;
      };
  publicUrl: URL;
  /**
   * Whether PUBLIC_URL was set. Unset, `publicUrl` is only a guess (`http://localhost:PORT`), so a
   * state change is allowed from the origin the request came to (a LAN address, 127.0.0.1).
   */
  publicUrlIsSet: boolean;
  /** Where password-reset emails go out; undefined: none are sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** The bearer token `GET /metrics` asks for; undefined: there is no /metrics. */
  metricsToken: string | undefined;
  webDistDir: string | undefined;
  demo: boolean;
  rateLimits: boolean;
  trustProxy: boolean;
  sweepOnStart: boolean;
  importMaxBytes: number;
  eventsHeartbeatMs: number;
  signups: SignupMode;
  /**
   * ActivityPub: on when PUBLIC_URL is https (peers need a public origin to reach and to trust)
   * unless FEDERATION=false.
   */
  federation: {
    enabled: boolean;
    allowPrivateAddresses: boolean;
    remoteMediaRetentionDays: number;
  };
  push: { vapidSubject: string; allowPrivateEndpoints: boolean };
  /** Where ffmpeg/ffprobe are looked for (a bare name: on PATH), and the limits of an upload. */
  video: {
    ffmpegPath: string;
    ffprobePath: string;
    maxSeconds: number;
    maxBytes: number;
    workers: number;
  };
}

export class ConfigError extends Error {}

/**
 * The variables the server and every `npm run` command read: the environment, over those of a
 * `.env` file in the working directory (the repository's root for `npm start` and `npm run …`),
 * so a port or an address written there once is the same for the server and for
 * `npm run admin -- reset-link`. A variable set in the environment wins over the file.
 */
export function readEnvironment(
  directory: string = process.cwd(),
  variables: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = fs.readFileSync(path.join(directory, '.env'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...variables };
    throw error;
  }
  return { ...parseEnv(text), ...variables };
}

/** What the process knows of itself beyond its variables. */
export interface ProcessFacts {
  /** Whether the server's standard output is a terminal (a person reads it): pretty logs. */
  stdoutIsTerminal?: boolean;
}

/** The only reader of process.env: parses it once and names the first bad variable. */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  facts: ProcessFacts = {},
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(
      `Invalid environment variable ${variable}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL;
  const database: Config['database'] =
    databaseUrl && /^postgres/.test(databaseUrl)
      ? {
          kind: 'postgres',
          url: databaseUrl,
          poolSize: env.DATABASE_POOL_SIZE,
          preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
        }
      : {
          kind: 'sqlite',
          file: databaseUrl
            ? path.resolve(databaseUrl.replace(/^sqlite:(\/\/)?/, ''))
            : path.join(dataDir, 'pinhole.db'),
          queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
        };
  const storage: Config['storage'] =
    env.STORAGE_DRIVER === 's3'
      ? {
          driver: 's3',
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET ?? '',
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicUrl: env.S3_PUBLIC_URL,
          timeoutMs: env.S3_TIMEOUT_MS,
        }
      : { driver: 'local', root: path.join(dataDir, 'storage') };
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database,
    storage,
    publicUrl,
    publicUrlIsSet: env.PUBLIC_URL !== undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Pinhole <no-reply@${publicUrl.hostname}>`,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (facts.stdoutIsTerminal === true ? 'pretty' : 'json'),
    metricsToken: env.METRICS_TOKEN,
    webDistDir: env.WEB_DIST_DIR,
    demo: env.DEMO,
    rateLimits: env.RATE_LIMITS,
    trustProxy: env.TRUST_PROXY,
    sweepOnStart: env.SWEEP_ON_START,
    importMaxBytes: env.IMPORT_MAX_BYTES,
    eventsHeartbeatMs: env.EVENTS_HEARTBEAT_MS,
    signups: env.SIGNUPS,
    federation: {
      enabled: env.PUBLIC_URL !== undefined && publicUrl.protocol === 'https:' && env.FEDERATION,
      allowPrivateAddresses: env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
      remoteMediaRetentionDays: env.REMOTE_MEDIA_RETENTION_DAYS,
    },
    push: {
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:admin@${publicUrl.hostname}`,
      allowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    video: {
      ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg',
      ffprobePath: env.FFPROBE_PATH ?? 'ffprobe',
      maxSeconds: env.VIDEO_MAX_SECONDS,
      maxBytes: env.VIDEO_MAX_MB * 1024 * 1024,
      workers: env.VIDEO_WORKERS ?? Math.max(1, os.availableParallelism()),
    },
  };
}

/** Every variable loadConfig reads: compose.yaml and the Dockerfile name only these. */
export const environmentVariableNames: readonly string[] = Object.keys(envSchema.shape);
