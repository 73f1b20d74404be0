export * from './calls';
export * from './submissions';
