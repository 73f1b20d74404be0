export * from './calls';
export * from './submissions';
export * from './gridReferences';
export * from './review';
