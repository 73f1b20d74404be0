export * from './register';
export * from './subjectAccess';
export * from './allowList';
export * from './consent';
