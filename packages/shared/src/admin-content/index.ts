export * from './messages';
export * from './events';
export * from './policies';
export * from './layout';
export * from './redaction';
export * from './analytics';
