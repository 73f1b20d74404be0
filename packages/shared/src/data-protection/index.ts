export * from './register';
export * from './subjectAccess';
export * from './retention';
