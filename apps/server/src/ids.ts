import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids: no central sequence, safe across many servers. */
export const newId = (): string => uuidv7();

export const nowIso = (): string => new Date().toISOString();
