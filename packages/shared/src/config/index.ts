export * from './types';
export * from './documents';
export * from './schemas';
export * from './defaults';
export * from './links';
export * from './compare';
export * from './api';
export * from './issues';
