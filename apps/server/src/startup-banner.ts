import type { Config } from './env';

/** Where this instance serves and keeps its data, as the banner says it. */
export interface Serving {
  url: string;
  database: string;
  files: string;
  metrics: boolean;
}

/** The host and database name of a PostgreSQL URL: never its user or password. */
function postgresPlace(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * The one line `npm start` logs once it listens: the address, where the data lives and where
 * the files go. A logger line (not console output), so that a JSON log stays all JSON.
 */
export function startupBanner(config: Config): { message: string; serving: Serving } {
  const { database, storage } = config;
  const serving: Serving = {
    url: config.publicUrl.origin,
    database:
      database.kind === 'sqlite' ? `SQLite file ${database.file}` : postgresPlace(database.url),
    files:
      storage.driver === 'local'
        ? `folder ${storage.root}`
        : `S3 bucket ${storage.bucket}${storage.endpoint ? ` at ${new URL(storage.endpoint).host}` : ''}`,
    metrics: config.metricsToken !== undefined,
  };
  const metrics = serving.metrics ? '; metrics at /metrics' : '';
  return {
    message: `Pinhole is serving ${serving.url} (data: ${serving.database}; files: ${serving.files}${metrics})`,
    serving,
  };
}

/**
 * Logged after the banner on a server with no mail server: Forgot password then tells members to
 * ask the admin, and this tells the admin what to do when they ask.
 */
export function mailNotice(config: Pick<Config, 'smtpUrl'>): string | null {
  if (config.smtpUrl !== undefined) return null;
  return (
    'No mail server (SMTP_URL is unset): password reset emails cannot be sent. ' +
    'Give a member a reset link with `npm run admin -- reset-link <username>`'
  );
}
