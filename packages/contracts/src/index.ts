export * from './limits';
export * from './messages';
export * from './errors';
export * from './auth';
export * from './profile';
export * from './post';
export * from './comment';
