/** The result rows: one table on the terminal, the same rows in bench/results/latest.json. */

export interface Row {
  /** Stable key, e.g. `sqlite.feed.out.p1`; the tiny-mode test checks every one is present. */
  id: string;
  label: string;
  /** The headline number (req/s, writes/s, ms, MB, bytes…), null when it could not be measured. */
  value: number | null;
  unit: string;
  p50Ms?: number | null;
  p99Ms?: number | null;
  errors?: number | null;
  /** Feed rows: requests per second as a fraction of the ceiling's. */
  vsCeiling?: number | null;
  note?: string;
}

function formatNumber(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  if (unit === 'bytes') {
    if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MB`;
    if (value >= 1024) return `${(value / 1024).toFixed(1)} KB`;
    return `${value} B`;
  }
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  });
  return unit ? `${text} ${unit}` : text;
}

export function renderTable(rows: readonly Row[]): string {
  const header = ['benchmark', 'result', 'p50 ms', 'p99 ms', 'errors', 'vs ceiling', 'notes'];
  const cells = rows.map((row) => [
    row.label,
    formatNumber(row.value, row.unit),
    row.p50Ms === undefined ? '' : formatNumber(row.p50Ms),
    row.p99Ms === undefined ? '' : formatNumber(row.p99Ms),
    row.errors === undefined ? '' : formatNumber(row.errors),
    row.vsCeiling === undefined || row.vsCeiling === null
      ? ''
      : `${(row.vsCeiling * 100).toFixed(0)}%`,
    row.note ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)),
  );
  const numeric = new Set([1, 2, 3, 4, 5]);
  const line = (values: string[]) =>
    '| ' +
    values
      .map((value, column) =>
        numeric.has(column)
          ? value.padStart(widths[column] ?? 0)
          : value.padEnd(widths[column] ?? 0),
      )
      .join(' | ') +
    ' |';
  const separator = '|' + widths.map((width) => '-'.repeat(width + 2)).join('|') + '|';
  return [line(header), separator, ...cells.map(line)].join('\n');
}
